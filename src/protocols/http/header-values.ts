/**
 * Header values HTTP cannot carry. A `${env.X}` header resolved to a value with a line break (a
 * token file read with its newline), a NUL or a character outside Latin-1 (`ü€`) is refused
 * by undici with a bare `UND_ERR_INVALID_ARG`; evalc names the header instead — never the
 * value — and sends nothing (Node's rule: tab, 0x20–0x7E and 0x80–0xFF only). So for a header
 * name that is not an HTTP token (`x bad name`), and for the framing headers the client writes
 * itself (`content-length`, `transfer-encoding`, …: undici's bare `UND_ERR_INVALID_ARG`).
 */

/** Framing headers the HTTP client writes itself; undici refuses them when configured. */
const MANAGED = new Set(['content-length', 'transfer-encoding', 'expect', 'upgrade', 'keep-alive']);

/** RFC 9110 §5.6.2 token characters. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The message for the first header whose value cannot be sent, or undefined when all can. */
export function describeUnsendableHeader(headers: Record<string, string>): string | undefined {
  for (const [name, value] of Object.entries(headers)) {
    if (!TOKEN.test(name))
      return `header name ${JSON.stringify(name)} is not a valid HTTP header name (letters, digits and !#$%&'*+.^_\`|~- only); nothing was sent`;
    if (MANAGED.has(name.toLowerCase()))
      return `header "${name}" is written by evalc's HTTP client and cannot be configured; nothing was sent`;
    const problem = problemOf(value);
    if (problem !== undefined)
      return `header "${name}" cannot be sent: its value has ${problem} (check the environment variable it comes from); nothing was sent`;
  }
  return undefined;
}

function problemOf(value: string): string | undefined {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0x0d || code === 0x0a) return 'a line break';
    if (code === 0x09) continue;
    if (code < 0x20 || code === 0x7f) return 'a control character';
    if (code > 0xff) return 'a character outside Latin-1';
  }
  return undefined;
}

/** The same headers with lower-case names (HTTP names are case-insensitive). */
export function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) out[key.toLowerCase()] = value;
  return out;
}

/** Reply headers with lower-case names, a repeated header's values joined with `, `. */
export function flattenHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(headers)) {
    const value = headers[key];
    if (value !== undefined) out[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
