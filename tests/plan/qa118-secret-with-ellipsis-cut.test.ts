/**
 * QA118: a secret that holds a `…` itself (`xy…zw-9876543`), cut short in a quoted reply. The text
 * was split at every `…`, the secret's own included, so no head of it ended a piece: `xy…zw-987654…`
 * stayed in the open in report.md, junit.xml and the step cache (12 of its 13 characters).
 */
import { describe, expect, it } from 'vitest';
import { scrubSecrets } from '../../src/plan/secrets.js';

const secrets = ['xy…zw-9876543', 'pass…word-12345', 'tok-123'];

describe('scrubSecrets: a cut secret with a … of its own (QA118)', () => {
  it('masks its head across its own …', () => {
    expect(scrubSecrets('k=xy…zw-987654…', secrets)).toBe('k=***…');
    expect(scrubSecrets('k=***:pass…word-1234…', secrets)).toBe('k=***:***…');
    expect(scrubSecrets('a tok-123:xy…zw-98…', secrets)).toBe('a ***:***…');
  });

  it('masks it whole, and other secrets beside it, as before', () => {
    expect(scrubSecrets('k=xy…zw-9876543 and pass…word-12345 end', secrets)).toBe('k=*** and *** end');
    expect(scrubSecrets('k=xy…zw-9876543 tok-…', secrets)).toBe('k=*** ***…');
    expect(scrubSecrets('plain text… and more…', secrets)).toBe('plain text… and more…');
  });
});
