/**
 * QA47: report.md is posted as a PR comment, and GitHub turns `@name` in its rendered text into a
 * notification (a team's, for `@org/team`) and `#12` / `owner/repo#12` into a cross-reference on
 * that issue. Agent answers, error bodies and example ids reach report.md through escapeMarkdown,
 * whose backslashes render away: "ask @octocat" pinged @octocat on every CI run. Each `@` or `#`
 * that would link now has a zero-width space after it; the text reads the same.
 */
import { describe, expect, it } from 'vitest';
import { escapeMarkdown } from '../../src/reports/markdown-text.js';

/** The text GitHub's mention and reference filters see: backslash escapes and entities resolved. */
function rendered(markdown: string): string {
  return markdown
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/&#8203;/g, '\u200b')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

// GitHub's patterns (html-pipeline MentionFilter, IssueReferenceFilter), simplified.
const MENTION = /(?:^|[^A-Za-z0-9_])@[A-Za-z0-9][A-Za-z0-9-]*/;
const REFERENCE = /(?:^|[^A-Za-z0-9_]|[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+)#[0-9]+/;

describe('escapeMarkdown keeps GitHub from pinging or cross-referencing (QA47)', () => {
  it.each([
    'ask @octocat about CS229',
    '@octocat',
    'cc (@my-org/reviewers)',
    'see #1 and step #12',
    'fixed in evalc/evalc#42',
    'a backslash \\@octocat',
  ])('%s', (text) => {
    const out = rendered(escapeMarkdown(text));
    expect(out).not.toMatch(MENTION);
    expect(out).not.toMatch(REFERENCE);
    // The reader sees the same characters.
    expect(out.replace(/\u200b/g, '')).toBe(text);
  });

  it('leaves e-mail addresses and rubric tags as they are', () => {
    expect(escapeMarkdown('mail a@b.example')).toBe('mail a@b.example');
    expect(escapeMarkdown('r1@sha256-rfc8785:abc')).toBe('r1@sha256-rfc8785:abc');
    expect(escapeMarkdown('C# or #x')).toBe('C\\# or \\#x');
  });
});
