/**
 * A secret cut short where a message quotes text up to a length and marks the cut with `…`
 * (`reply is not JSON: "… key=skey-S…"`, QA100): masking whole secrets misses its head, so the
 * head that ends right before a `…` is masked too. Heads shorter than MIN_HEAD are left.
 */
const MIN_HEAD = 4;
const ELLIPSIS = '…';

/** `text` with each secret head that ends right before a `…` replaced by `marker`. */
export function maskCutSecretHeads(text: string, secrets: readonly string[], marker: string): string {
  if (!text.includes(ELLIPSIS)) return text;
  let out = '';
  let from = 0;
  for (let at = text.indexOf(ELLIPSIS); at !== -1; at = text.indexOf(ELLIPSIS, at + 1)) {
    const before = text.slice(from, at);
    out += maskHead(before, secrets, marker);
    from = at;
  }
  return out + text.slice(from);
}

/** `before` with the longest secret head it ends in masked. */
function maskHead(before: string, secrets: readonly string[], marker: string): string {
  let longest = 0;
  for (const secret of secrets)
    for (let n = Math.min(secret.length - 1, before.length); n >= MIN_HEAD && n > longest; n--)
      if (before.endsWith(secret.slice(0, n))) {
        longest = n;
        break;
      }
  return longest === 0 ? before : `${before.slice(0, before.length - longest)}${marker}`;
}
