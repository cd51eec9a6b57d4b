/**
 * A text evalc quotes from an agent's or a judge's reply, cut to `max` UTF-16 units with a `…`.
 * The cut never splits a surrogate pair: `JSON.stringify` writes a lone half as `\ud83d`, where no
 * secret head matches, so the masking of a secret cut before its `…` (plan/secret-cut.ts) missed it
 * and the head's start was shown (`ünï-秘密-\ud83d…` of a secret `ünï-秘密-🔑…`; QA118).
 */
export function quoteCut(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${codePointCut(text, max)}…`;
}

/**
 * `text`'s first `max` UTF-16 units, one fewer when the last would be the first half of a
 * surrogate pair: a lone half is written as `\ud83d` in report.json and the step cache, and as
 * U+FFFD in report.md and junit.xml (an agent's `error` with an emoji at its 200th unit; QA123).
 */
export function codePointCut(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/**
 * A text an agent left unfinished (a reply cut by a close, a crash or a timeout), quoted up to
 * `max` with a `…` where it stopped: the `…` marks the quote as cut, so a secret the agent stopped
 * halfway through is masked as any secret head before a `…` is (plan/secret-cut.ts). Without it
 * the head of an echoed token stood in the open at the quote's end (QA185).
 */
export function quoteUnfinished(text: string, max: number): string {
  const quoted = quoteCut(text, max);
  return quoted.endsWith('…') ? quoted : `${quoted}…`;
}

/**
 * `text`'s last `max` UTF-16 units, one fewer when the first would be the second half of a
 * surrogate pair: a lone half is written `\ude00` in report.json and the step cache, U+FFFD in
 * report.md and junit.xml (QA185: a cut reply's end; QA190: an rpc judge's stderr tail).
 */
export function codePointTail(text: string, max: number): string {
  if (text.length <= max) return text;
  const first = text.charCodeAt(text.length - max);
  return text.slice(first >= 0xdc00 && first <= 0xdfff ? 1 - max : -max);
}
