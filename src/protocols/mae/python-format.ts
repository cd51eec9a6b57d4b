/**
 * Python's text forms of JSON values, byte for byte, for the `agentv` profile's "faithful" relay:
 * `str(dict)` (single-quoted repr, `True/False/None`) and `json.dumps(value)` with its defaults
 * (separators `", "` / `": "`, `ensure_ascii=True`, lower-case `\uXXXX`).
 *
 * Numbers: an integral JS number is printed as a Python int (JSON cannot tell `100` from `100.0`
 * once parsed, and scenario files almost always mean the int); other numbers follow Python's
 * float repr (shortest round-trip digits, exponent form below 1e-4 and from 1e16).
 */

const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/** Python `repr()` of a JSON value (what `str(dict)` prints). */
export function formatPythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return formatPythonNumber(value);
  if (typeof value === 'string') return formatPythonStringRepr(value);
  if (Array.isArray(value)) return `[${value.map(formatPythonRepr).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).map(
      ([key, item]) => `${formatPythonStringRepr(key)}: ${formatPythonRepr(item)}`,
    );
    return `{${entries.join(', ')}}`;
  }
  return formatPythonStringRepr(String(value));
}

/** Python `json.dumps(value)` with default arguments. */
export function formatPythonJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value === 'number') return formatPythonNumber(value);
  if (typeof value === 'string') return formatJsonAsciiString(value);
  if (Array.isArray(value)) return `[${value.map(formatPythonJsonDumps).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).map(
      ([key, item]) => `${formatJsonAsciiString(key)}: ${formatPythonJsonDumps(item)}`,
    );
    return `{${entries.join(', ')}}`;
  }
  return formatJsonAsciiString(String(value));
}

/** Python truthiness of a JSON value (`x or y` chains). */
export function isPythonTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

export function formatPythonNumber(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? 'Infinity' : '-Infinity';
  if (Number.isInteger(n))
    return Math.abs(n) < 1e21 ? n.toFixed(0).replace(/^-0$/, '0') : BigInt(n).toString();
  const [mantissa = '', expText = '0'] = n.toExponential().split('e');
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace('-', '').replace('.', '');
  const exp = Number(expText);
  const sign = negative ? '-' : '';
  if (exp >= -4 && exp < 16) {
    if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
    const intPart = digits.slice(0, exp + 1).padEnd(exp + 1, '0');
    const frac = digits.slice(exp + 1) || '0';
    return `${sign}${intPart}.${frac}`;
  }
  const head = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  const expSign = exp < 0 ? '-' : '+';
  return `${sign}${head}e${expSign}${String(Math.abs(exp)).padStart(2, '0')}`;
}

function formatPythonStringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === '\t') out += '\\t';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${hex(cp, 2)}`;
    else if (cp < 0x7f || !NON_PRINTABLE.test(ch)) out += ch;
    else if (cp <= 0xff) out += `\\x${hex(cp, 2)}`;
    else if (cp <= 0xffff) out += `\\u${hex(cp, 4)}`;
    else out += `\\U${hex(cp, 8)}`;
  }
  return out + quote;
}

function formatJsonAsciiString(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const ch = text[i] ?? '';
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\b') out += '\\b';
    else if (ch === '\f') out += '\\f';
    else if (unit < 0x20 || unit > 0x7e) out += `\\u${hex(unit, 4)}`;
    else out += ch;
  }
  return out + '"';
}

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, '0');
}
