/**
 * The verdict inside an OpenAI-compatible judge's reply text (QA73). A model that ignores
 * `response_format` may write more than one JSON object: the format it was shown, then its
 * verdict; a draft, then "on reflection" a final one; the same verdict twice. Every top-level
 * `{…}` of the reply (in a fence or in prose) is tried against the verdict schema: exactly one
 * verdict (or the same scores written twice) is the verdict; two that give different scores are
 * not a verdict — evalc does not guess which one the model meant (before QA73 it took the first
 * fence, a draft, silently). With no valid object the reply is read as before
 * (`extractJsonText`), for the message.
 */

import { codePointCut, quoteCut } from '../quote-cut.js';
import { extractJsonText } from './judge-prompt.js';
import type { LlmVerdict, VerdictCheck } from './verdict-schema.js';

export type VerdictRead = { ok: true; verdict: LlmVerdict } | { ok: false; problem: string };

/** How often an unclosed `{` restarts the scan at the next one (keeps a hostile reply linear-ish). */
const MAX_RESTARTS = 16;
const MAX_SPANS = 64;

export function readVerdict(content: string, check: (value: unknown) => VerdictCheck): VerdictRead {
  const found = new Map<string, LlmVerdict>();
  for (const span of jsonObjectSpans(content)) {
    let value: unknown;
    try {
      value = JSON.parse(span);
    } catch {
      continue;
    }
    const checked = check(value);
    if (checked.ok) found.set(scoresKey(checked.verdict), checked.verdict);
  }
  if (found.size === 1) return { ok: true, verdict: [...found.values()][0] as LlmVerdict };
  if (found.size > 1) {
    const listed = [...found.values()].map((v) => codePointCut(JSON.stringify(v.dimensions), 120));
    return {
      ok: false,
      problem: `the reply holds ${found.size} different verdicts (${listed.join(' then ')}); evalc does not guess which one the model meant`,
    };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(extractJsonText(content));
  } catch {
    // A model that wrote a Python-style NaN (or Infinity) for a score it could not give.
    const nonFinite = /(?<![\w"])-?(?:NaN|Infinity)(?![\w"])/.test(content)
      ? ' (a bare NaN or Infinity is not a JSON number, nor a score)'
      : '';
    // Prose with no JSON in it at all — "I'm sorry, I can't evaluate this" — is quoted: the raw
    // reply is kept only in the failed step's cache record, where nobody looks (QA73).
    const prose = content.includes('{') ? '' : `: ${quoteStart(content)}`;
    return { ok: false, problem: `content is not JSON${nonFinite}${prose}` };
  }
  const checked = check(parsed);
  return checked.ok ? checked : { ok: false, problem: checked.problem };
}

/** The scores of a verdict, as one text: two verdicts giving the same scores are one. */
function scoresKey(verdict: LlmVerdict): string {
  const dimensions = Object.keys(verdict.dimensions)
    .sort()
    .map((id) => [id, verdict.dimensions[id]]);
  return JSON.stringify([dimensions, [...verdict.failureModes].sort()]);
}

function quoteStart(content: string): string {
  const flat = content.trim().replace(/\s+/g, ' ');
  return JSON.stringify(quoteCut(flat, 120));
}

/**
 * The balanced top-level `{…}` spans of `text` in order, braces inside JSON strings ignored. An
 * opening that never closes (a stray `{` in prose) restarts the scan at the next `{`, at most
 * MAX_RESTARTS times.
 */
export function jsonObjectSpans(text: string): string[] {
  const spans: string[] = [];
  let restarts = 0;
  let from = text.indexOf('{');
  while (from >= 0 && spans.length < MAX_SPANS) {
    const end = closingBrace(text, from);
    if (end < 0) {
      if (++restarts > MAX_RESTARTS) break;
      from = text.indexOf('{', from + 1);
      continue;
    }
    spans.push(text.slice(from, end + 1));
    from = text.indexOf('{', end + 1);
  }
  return spans;
}

/** The index of the `}` that closes the `{` at `start`, or -1. */
function closingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b) depth++;
    else if (c === 0x7d && --depth === 0) return i;
  }
  return -1;
}
