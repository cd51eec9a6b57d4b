/**
 * The text a plain scalar was written as, read back from its file: YAML reads `0012` as the
 * number 12 and `1.10` as 1.1, so a hint that quotes the parsed value (`description: "12"`)
 * would tell the user to write another value than theirs (QA315).
 */
import { visit } from 'yaml';
import type { SourcePosition } from './diagnostic.js';
import type { YamlFile } from './yaml-file.js';

export function writtenScalarAt(
  files: readonly YamlFile[],
  at: SourcePosition | undefined,
): string | undefined {
  if (at === undefined) return undefined;
  const file = files.find((f) => f.display === at.file);
  const lineStart = file?.lineCounter.lineStarts[at.line - 1];
  if (file === undefined || lineStart === undefined) return undefined;
  const bom = at.line === 1 && file.text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const offset = lineStart + at.col - 1 + bom;
  let written: string | undefined;
  visit(file.doc, {
    Scalar(_key, node) {
      if (node.range?.[0] !== offset || node.type !== 'PLAIN') return undefined;
      written = file.text.slice(node.range[0], node.range[1]).trim();
      return visit.BREAK;
    },
  });
  // Only a one-line word is quoted back: a plain scalar folded over lines is not retyped so.
  return written !== undefined && written !== '' && !/[\r\n"\\]/.test(written) ? written : undefined;
}

/**
 * The hint under "expected string, got number …": quote the value as it was written (QA315:
 * `description: 0012` was hinted "12", `version: 1.10` the generic "1.0", a sha256 of 64 zeros
 * "0"). A version whose text is unknown says what YAML does instead of guessing (QA44).
 */
export function quoteTextHint(
  key: string,
  actual: number | boolean,
  asWritten: string | undefined,
  secret: boolean,
): string {
  if (asWritten !== undefined && asWritten !== String(actual)) {
    const it = asWritten.length <= 20 ? `an unquoted ${asWritten}` : 'it unquoted';
    return `quote the value to keep it text: ${key}: "${asWritten}" (YAML reads ${it} as the ${typeof actual} ${String(actual)})`;
  }
  if (/version/i.test(key)) {
    return `quote the value to keep it text, e.g. ${key}: "1.0" (YAML reads an unquoted 1.0 as the number 1)`;
  }
  return `quote the value to keep it text: ${key}: "${secret ? '…' : String(actual)}"`;
}
