/** The evalc version recorded in lockfiles. */
export const EVALC_VERSION = '0.1.0';
