/**
 * QA40: a dataset of more than 512 MiB of plain ASCII (a JavaScript string holds at most 2^29 - 24
 * characters) was refused as "not UTF-8 text (it has bytes that are not UTF-8)". It is now said to
 * be too large.
 */
import { describe, expect, it } from 'vitest';
import { decodeUtf8Text } from '../../src/plan/text-encoding.js';

describe('decodeUtf8Text on more text than a string holds (QA40)', () => {
  it('says the file is too large, not that it is not UTF-8', () => {
    const bytes = Buffer.alloc(2 ** 29, 0x61); // 512 MiB of "a": 24 characters over the limit
    const decoded = decodeUtf8Text(bytes);
    expect(decoded).toEqual({
      ok: false,
      reason: `is too large to read as text (${2 ** 29} bytes, over 512 MiB): split it`,
    });
  });
});
