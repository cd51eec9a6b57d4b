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
  if (!text.includes(ELLIPSIS)) return scrubWhole(text);
  // A secret with a `…` of its own spans pieces: its heads are looked for across them (QA118).
  if (secrets.some((s) => s.includes(ELLIPSIS))) return scrubAcrossCuts(text, secrets, marker, scrubWhole);
  let out = '';
  let from = 0;
  for (let at = text.indexOf(ELLIPSIS); at !== -1; at = text.indexOf(ELLIPSIS, at + 1)) {
    out += scrubBeforeCut(text.slice(from, at), secrets, marker, scrubWhole);
    from = at;
  }
  return out + scrubWhole(text.slice(from));
}

/**
 * `text` that was cut at its end without a `…` (a reply the connection's close cut short, QA185):
 * its whole secrets masked and the secret head it ends in replaced by `marker`, as before a `…`.
 */
export function scrubCutEnd(
  text: string,
  secrets: readonly string[],
  marker: string,
  scrubWhole: (text: string) => string,
): string {
  return scrubBeforeCut(text, secrets, marker, scrubWhole);
}

/**
 * `scrubCutSecrets` when a secret holds a `…` itself: a `…` inside a whole secret in the text is no
 * cut; before each other `…`, the longest secret head is found in all the text before it (`xy…zw-98`
 * of `xy…zw-9876543` spans a `…`: split at each `…`, it was left in the open, QA118), widened to any
 * whole secret that ends inside it; the rest has its whole secrets masked.
 */
function scrubAcrossCuts(
  text: string,
  secrets: readonly string[],
  marker: string,
  scrubWhole: (text: string) => string,
): string {
  const whole: [number, number][] = [];
  for (const secret of secrets)
    for (let i = text.indexOf(secret); i !== -1; i = text.indexOf(secret, i + 1))
      whole.push([i, i + secret.length]);
  const cuts: [number, number][] = [];
  for (let at = text.indexOf(ELLIPSIS); at !== -1; at = text.indexOf(ELLIPSIS, at + 1)) {
    if (whole.some(([from, to]) => from <= at && at < to)) continue;
    const head = longestHead(text.slice(0, at), secrets);
    if (head === 0) continue;
    let start = at - head;
    for (const [from, to] of whole) if (from < start && to > start) start = Math.min(start, from);
    while (cuts.length > 0 && cuts[cuts.length - 1]![1] > start) start = Math.min(start, cuts.pop()![0]);
    cuts.push([start, at]);
  }
  let out = '';
  let from = 0;
  for (const [start, end] of cuts) {
    out += `${scrubWhole(text.slice(from, start))}${marker}`;
    from = end;
  }
  return out + scrubWhole(text.slice(from));
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

/**
 * The length of the longest head (MIN_HEAD or more characters, not the whole) of a secret that
 * `before` ends in; 0 if none. A cut in the middle of a character's UTF-8 bytes (a reply a close
 * cut, an agent's stdout at its crash) decodes to one U+FFFD at the end: the head before it counts,
 * with it (QA190: 'päss-w\uFFFD' of 'päss-wörd-…' stood in the open).
 */
function longestHead(before: string, secrets: readonly string[]): number {
  const whole = headLength(before, secrets);
  if (!before.endsWith(REPLACEMENT)) return whole;
  const half = headLength(before.slice(0, -1), secrets);
  return half > 0 && half + 1 > whole ? half + 1 : whole;
}

const REPLACEMENT = '\uFFFD';

/**
 * An HTTP auth scheme and the space after it, `Bearer ` of `Bearer sk-…`: a header value is a secret
 * whole, but its scheme is no head of one (QA242: a crashed agent's last line ending `… Bearer`, or
 * `Bear`, read `… ***…`; as written or percent-encoded): a head counts from MIN_HEAD characters of
 * the credential after it.
 */
const SCHEME = /^(?:bearer|basic|token|digest|bot|dpop|negotiate|apikey)(?:\s|%20|\+)+/i;

function headLength(before: string, secrets: readonly string[]): number {
  let longest = 0;
  for (const secret of secrets)
    for (
      let n = Math.min(secret.length - 1, before.length);
      n >= MIN_HEAD + (SCHEME.exec(secret)?.[0].length ?? 0) && n > longest;
      n--
    )
      if (before.endsWith(secret.slice(0, n))) {
        longest = n;
        break;
      }
  return longest;
}
