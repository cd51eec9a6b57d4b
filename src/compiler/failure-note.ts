/** The end of the key of a note of why a step last failed (`lastErrorKey`): kept for the reports, never a result. */
export const FAILURE_NOTE_SUFFIX = '#last-error';
