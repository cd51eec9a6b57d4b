/**
 * QA186: the excerpt under a diagnostic cuts a long line at 120 UTF-16 units around the caret; a cut
 * between the two units of an emoji left half of it, printed as U+FFFD (20 of 40 such lines). The
 * half is dropped; the caret stays on its character.
 */
import { describe, expect, it } from 'vitest';
import { excerptAround } from '../../src/cli/render-diagnostics.js';

const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('the excerpt of a long line', () => {
  it('holds no half of an emoji at either cut, and its caret stays on the character', () => {
    for (let k = 0; k < 40; k++) {
      const line = `          q: "${'x'.repeat(k)}${'😀'.repeat(40)} {{#if q}}{{/iff}} ${'😀'.repeat(60)}"`;
      const col = line.indexOf('{{/iff}}') + 1;
      const excerpt = excerptAround(line, col);
      expect(LONE.test(excerpt.text), `k=${k}`).toBe(false);
      expect(excerpt.text.slice(excerpt.caret, excerpt.caret + 8)).toBe('{{/iff}}');
    }
  });
});
