/**
 * A secret base64-encoded by whoever echoes it: an agent quoting its `Authorization` header as
 * base64 (a debug dump, a JWT-like blob, an HTTP Basic token of `user:<key>`) kept the key readable
 * to anyone who decodes it, in every report (QA280: an http_401 body's `b64 c2stbGl2ZS01…`).
 *
 * Base64 maps 3 bytes to 4 characters, so a secret inside a longer encoded text is spelled one of
 * three ways, by its offset modulo 3: each spelling's characters that depend on the secret's bytes
 * alone (not the ones before or after it) are a form, in the standard and the URL-safe alphabet,
 * and the secret's own encoding whole, `=` padding included. Only for a secret of
 * `MIN_BASE64_SECRET` characters or more: a shorter one's inner spelling could be a few characters
 * any base64 text holds by chance.
 */
export const MIN_BASE64_SECRET = 20;

export function addBase64Forms(out: Set<string>, value: string): void {
  if (value.length < MIN_BASE64_SECRET || /[\r\n]/.test(value)) return;
  const bytes = Buffer.from(value, 'utf8');
  const forms = [bytes.toString('base64')];
  for (let offset = 0; offset < 3; offset++) {
    const text = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    // Characters 0..offset+ mix the bytes before; the last group mixes the bytes after, unless whole.
    const from = offset === 0 ? 0 : offset + 1;
    const to = Math.floor((offset + bytes.length) / 3) * 4;
    if (to - from >= MIN_BASE64_SECRET) forms.push(text.slice(from, to));
  }
  for (const form of forms) {
    out.add(form);
    out.add(form.replace(/\+/g, '-').replace(/\//g, '_'));
    // in a JSON string as PHP's json_encode writes it, `/` escaped (QA285: `Pz8\/Pj5` was kept)
    if (form.includes('/')) out.add(form.replace(/\//g, '\\/'));
  }
}

/**
 * Base64 wrapped in lines (MIME's 76 columns, PEM's 64; a JSON string's `\n` as written) splits
 * a secret's spelling at a line end in most places it can fall (QA285: the key of a wrapped
 * `Authorization: Bearer …` dump stood in the open for 44 of 76 offsets): a run of such lines is
 * read joined, and the characters of each secret found there are masked, line by line.
 */
// From a run's start only, its first line taken whole (no backtracking: a long unwrapped blob is one try).
// A `/` may be written `\/`, as PHP's json_encode does (QA290: such a run broke there and kept the key).
const WRAPPED =
  /(?<![A-Za-z0-9+/_-])(?=((?:[A-Za-z0-9+/_-]|\\\/){16,}))\1={0,2}(?:(?:\r?\n|\\r\\n|\\n)[ \t]*(?:[A-Za-z0-9+/_-]|\\\/)+={0,2})+/g;
const BREAK = /\r?\n|\\r\\n|\\n|[ \t]+/g;

/**
 * Output masked line by line (a served agent's log, an mae `local` agent's stderr) holds a run of
 * base64 lines and masks it as one text: a line that ends in 16 base64 characters or more starts
 * a run, one of them alone continues it, up to `HELD_RUN_CHARS` (QA290: a wrapped dump of the key
 * stood decodable there, and in a failure's `output:` and the reports).
 */
export const BASE64_RUN_START = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{16,}={0,2}\r?$/;
export const BASE64_RUN_LINE = /^[ \t]*[A-Za-z0-9+/_-]+={0,2}\r?$/;
export const HELD_RUN_CHARS = 1024 * 1024;

export function scrubWrappedSecrets(text: string, secrets: readonly string[], marker: string): string {
  if (!text.includes('\n') && !text.includes('\\n')) return text;
  const sought = wrappedSecrets(secrets);
  return text.replace(WRAPPED, (run) => {
    const joined = run.replace(BREAK, '');
    const covered = new Uint8Array(joined.length);
    let found = false;
    for (const s of sought)
      for (let i = joined.indexOf(s); s.length > 0 && i !== -1; i = joined.indexOf(s, i + 1)) {
        covered.fill(1, i, i + s.length);
        found = true;
      }
    if (!found) return run;
    let out = '';
    let at = 0; // index in joined
    let last = 0; // end of the run's text copied so far
    for (const m of run.matchAll(BREAK)) {
      out += maskPiece(run.slice(last, m.index), covered, at, marker) + m[0];
      at += m.index - last;
      last = m.index + m[0].length;
    }
    return out + maskPiece(run.slice(last), covered, at, marker);
  });
}

/**
 * The secrets sought in a joined run: not the lines of a secret of several lines (a PEM key in
 * `serve.env`, each line a secret of its own for logs) but that secret's lines joined. Read
 * joined, a private key's line of its public modulus was found across the line ends of the
 * certificate that holds the same modulus, which an answer quoting it had starred (QA290: 8 of
 * 24 RSA certificates, wherever the modulus fell at the same offset modulo 3).
 */
const sought = new WeakMap<readonly string[], { length: number; list: string[] }>();

function wrappedSecrets(secrets: readonly string[]): string[] {
  let entry = sought.get(secrets);
  if (entry?.length !== secrets.length) {
    const lines = new Set<string>();
    const joined = new Set<string>();
    for (const s of secrets) {
      if (!/[\r\n]/.test(s)) continue;
      const each = s.split(/\r\n|\r|\n/).map((line) => line.trim());
      for (const line of each) lines.add(line);
      joined.add(each.filter((line) => !line.startsWith('-----')).join(''));
    }
    const list = secrets.filter((s) => !/[\r\n]/.test(s) && !lines.has(s));
    for (const s of joined) if (s.length > 0) list.push(s);
    entry = { length: secrets.length, list };
    sought.set(secrets, entry);
  }
  return entry.list;
}

/** `piece` (joined's characters from `at`) with each stretch of covered characters one `marker`. */
function maskPiece(piece: string, covered: Uint8Array, at: number, marker: string): string {
  let out = '';
  for (let i = 0; i < piece.length; i++)
    if (covered[at + i] !== 1) out += piece[i];
    else if (i === 0 || covered[at + i - 1] !== 1) out += marker;
  return out;
}
