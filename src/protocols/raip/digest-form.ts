/**
 * What is wrong with the form of an agent's reported schema digest, when it cannot be a SHA-256
 * at all: another algorithm, a value cut short, bytes that are neither hex nor base64, an empty
 * value. The mismatch message quoted it beside evalc's digest and said only how the digest is
 * computed, as for a right-looking wrong value (QA151). The spellings that are read are
 * input-schema.ts's digestValue: `sha256:`/`sha-256:` hex, `sha256-`/`SHA-256=` base64.
 */

const ALGORITHM = /^(sha-?(?:1|224|256|384|512)|sha3-(?:224|256|384|512)|md5|blake2[bs]?)([:=-])/i;

/** Why `reported` is no SHA-256 digest, or undefined when its form is one (its value may differ). */
export function digestFormProblem(reported: string): string | undefined {
  const text = reported.trim();
  const prefix = ALGORITHM.exec(text);
  if (prefix) {
    const algorithm = (prefix[1] as string).toLowerCase();
    if (algorithm.replace(/-/g, '') !== 'sha256')
      return `it names ${algorithm}, where RAIP's digest is SHA-256`;
  }
  const value = prefix ? text.slice(prefix[0].length) : text;
  if (value === '') return `it has no value after ${text}`;
  // After `sha256-` / `SHA-256=` a value is base64 (Subresource Integrity, RFC 3230), unless it is 64 hex digits.
  const base64First = prefix !== null && prefix[2] !== ':' && value.length !== 64;
  if (!base64First && /^[0-9a-f]+$/i.test(value))
    return value.length === 64 ? undefined : `${value.length} hex digits, where a SHA-256 has 64`;
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64').length;
    if (!prefix)
      return bytes === 32
        ? 'a base64 value with no sha256- (or SHA-256=) before it, which evalc reads only with one'
        : 'neither 64 hex digits nor a base64 value after sha256- (or SHA-256=)';
    return bytes === 32 ? undefined : `its base64 value is ${bytes} bytes, where a SHA-256 has 32`;
  }
  return 'its value is neither hex nor base64';
}
