/**
 * JMESPath's `trim`, `trim_left` and `trim_right` in linear time. The library
 * (@jmespath-community/jmespath 1.3) strips the right side with `/(.*?)[chars]*$/`, which
 * backtracks quadratically on a run of whitespace that does not end the text: 40,000 spaces
 * and a letter in an agent's answer took 2.2 s of evalc's CPU, 400,000 would take minutes (QA52).
 * These give the library's results (the set is its code units; none or "" means whitespace:
 * ECMAScript's `\s` and U+0085) by walking the text once. Installed on the shared interpreter
 * once, by every module that evaluates JMESPath (binding/extract.ts, generic-http/response-path.ts).
 */
import { registerFunction, TYPE_STRING } from '@jmespath-community/jmespath';

const WHITESPACE = /^[\s\x85]$/;

function isStripped(chars: unknown): (unit: string) => boolean {
  if (typeof chars !== 'string' || chars === '') return (unit) => WHITESPACE.test(unit);
  const set = new Set(chars.split(''));
  return (unit) => set.has(unit);
}

export function trimLeft(text: string, chars?: unknown): string {
  const strip = isStripped(chars);
  let start = 0;
  while (start < text.length && strip(text[start] as string)) start += 1;
  return text.slice(start);
}

export function trimRight(text: string, chars?: unknown): string {
  const strip = isStripped(chars);
  let end = text.length;
  while (end > 0 && strip(text[end - 1] as string)) end -= 1;
  return text.slice(0, end);
}

let installed = false;

/** Replaces the library's three trims on the shared interpreter (idempotent). */
export function installLinearTrim(): void {
  if (installed) return;
  installed = true;
  const signature = [{ types: [TYPE_STRING] }, { types: [TYPE_STRING], optional: true }];
  const args = (resolved: unknown[]): [string, unknown] => [resolved[0] as string, resolved[1]];
  registerFunction('trim_left', (resolved) => trimLeft(...args(resolved)), signature, { override: true });
  registerFunction('trim_right', (resolved) => trimRight(...args(resolved)), signature, { override: true });
  registerFunction(
    'trim',
    (resolved) => {
      const [text, chars] = args(resolved);
      return trimLeft(trimRight(text, chars), chars);
    },
    signature,
    { override: true },
  );
}
