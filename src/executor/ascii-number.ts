/**
 * Numbers written as ASCII digits straight into a buffer (the cache log's length fields and
 * its checksum records), without a string per number.
 */

const HEX = Buffer.from('0123456789abcdef', 'latin1');

/** How many decimal digits a non-negative integer has. */
export function decimalDigits(n: number): number {
  let digits = 1;
  for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  return digits;
}

/** Writes `n` (a non-negative integer) in decimal at `at`; returns the offset after it. */
export function writeDecimal(buffer: Uint8Array, at: number, n: number, digits = decimalDigits(n)): number {
  let rest = n;
  for (let i = at + digits - 1; i >= at; i--) {
    buffer[i] = 48 + (rest % 10);
    rest = Math.floor(rest / 10);
  }
  return at + digits;
}

/** Writes a 32-bit unsigned integer as 8 lower-case hex digits at `at`; returns the offset after it. */
export function writeHex8(buffer: Uint8Array, at: number, n: number): number {
  for (let i = 7; i >= 0; i--) buffer[at + i] = HEX[(n >>> (4 * (7 - i))) & 15]!;
  return at + 8;
}
