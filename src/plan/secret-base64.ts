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
  }
}
