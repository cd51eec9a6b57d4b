/**
 * A secret cut short where a message quotes text up to a length and marks the cut with `…`
 * (`reply is not JSON: "… key=skey-S…"`, QA100): masking whole secrets misses its head, so the
 * head that ends right before a `…` is masked too. Heads shorter than MIN_HEAD are left.
 */
const MIN_HEAD = 4;
const ELLIPSIS = '…';

/**
 * `text` with every whole secret masked (`scrubWhole`) and each secret head that ends right before
 * a `…` replaced by `marker`. The head is found in the text as it was, before any whole secret is
 * masked: a shorter secret that the cut one starts with (`tok-123` in `tok-1234…` of `tok-123456`)
 * would otherwise leave the rest of the head in the open (`***4…`; QA114).
 */
export function scrubCutSecrets(
  text: string,
  secrets: readonly string[],
  marker: string,
  scrubWhole: (text: string) => string,
): string {
  // A secret with a `…` of its own could span two pieces: then whole secrets first, as before.
  if (!text.includes(ELLIPSIS) || secrets.some((s) => s.includes(ELLIPSIS)))
    return maskCutSecretHeads(scrubWhole(text), secrets, marker);
  let out = '';
  let from = 0;
  for (let at = text.indexOf(ELLIPSIS); at !== -1; at = text.indexOf(ELLIPSIS, at + 1)) {
    out += scrubBeforeCut(text.slice(from, at), secrets, marker, scrubWhole);
    from = at;
  }
  return out + scrubWhole(text.slice(from));
}

/** `text` with each secret head that ends right before a `…` replaced by `marker`. */
function maskCutSecretHeads(text: string, secrets: readonly string[], marker: string): string {
  if (!text.includes(ELLIPSIS)) return text;
  let out = '';
  let from = 0;
  for (let at = text.indexOf(ELLIPSIS); at !== -1; at = text.indexOf(ELLIPSIS, at + 1)) {
    out += maskHead(text.slice(from, at), secrets, marker);
    from = at;
  }
  return out + text.slice(from);
}

/**
 * The piece of text before a `…`, its whole secrets masked and the longest secret head it ends in
 * replaced by `marker`, together with any whole secret that begins before that head and ends in it.
 */
function scrubBeforeCut(
  before: string,
  secrets: readonly string[],
  marker: string,
  scrubWhole: (text: string) => string,
): string {
  const head = longestHead(before, secrets);
  if (head === 0) return maskHead(scrubWhole(before), secrets, marker);
  let start = before.length - head;
  for (let moved = true; moved; ) {
    moved = false;
    for (const secret of secrets)
      for (let i = before.indexOf(secret); i !== -1 && i < start; i = before.indexOf(secret, i + 1))
        if (i + secret.length > start) {
          start = i;
          moved = true;
        }
  }
  return `${scrubWhole(before.slice(0, start))}${marker}`;
}

/** `before` with the longest secret head it ends in masked. */
function maskHead(before: string, secrets: readonly string[], marker: string): string {
  const longest = longestHead(before, secrets);
  return longest === 0 ? before : `${before.slice(0, before.length - longest)}${marker}`;
}

/** The length of the longest head (MIN_HEAD or more characters, not the whole) of a secret that `before` ends in; 0 if none. */
function longestHead(before: string, secrets: readonly string[]): number {
  let longest = 0;
  for (const secret of secrets)
    for (let n = Math.min(secret.length - 1, before.length); n >= MIN_HEAD && n > longest; n--)
      if (before.endsWith(secret.slice(0, n))) {
        longest = n;
        break;
      }
  return longest;
}
