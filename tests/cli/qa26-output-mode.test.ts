/**
 * QA26: which terminal gets the live progress line, and when stdout is read as JSON.
 * README "Progress": on a TTY a live line; with `CI=true` or no TTY a plain block. A `TERM=dumb`
 * terminal (Emacs' shell, some CI log viewers) cannot move the cursor: it got the escapes as text.
 */
import { describe, expect, it } from 'vitest';
import { isLiveTerminal, wantsJson } from '../../src/cli/output-mode.js';

describe('isLiveTerminal', () => {
  it('draws a live line only on a TTY that is not TERM=dumb and outside CI', () => {
    expect(isLiveTerminal(true, { TERM: 'xterm-256color' })).toBe(true);
    expect(isLiveTerminal(true, {})).toBe(true);
    expect(isLiveTerminal(false, {})).toBe(false);
    expect(isLiveTerminal(undefined, {})).toBe(false);
    expect(isLiveTerminal(true, { TERM: 'dumb' })).toBe(false);
  });

  it('counts CI set to any value but "", "0" or "false" as a CI job', () => {
    for (const ci of ['true', '1', 'TRUE', 'yes', 'woodpecker'])
      expect(isLiveTerminal(true, { CI: ci })).toBe(false);
    for (const ci of ['', '0', 'false', 'False']) expect(isLiveTerminal(true, { CI: ci })).toBe(true);
  });
});

describe('wantsJson', () => {
  it('is --json, --format json or --format=json before any --', () => {
    expect(wantsJson(['apply', '--json'])).toBe(true);
    expect(wantsJson(['diff', 'a', 'b', '--format', 'json'])).toBe(true);
    expect(wantsJson(['report', '--format=json'])).toBe(true);
    expect(wantsJson(['diff', 'a', 'b', '--format', 'md'])).toBe(false);
    expect(wantsJson(['report', '--format', 'junit', 'json'])).toBe(false);
    expect(wantsJson(['validate', '--', '--json'])).toBe(false);
  });
});
