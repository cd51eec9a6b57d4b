/**
 * YAML datasets: one document holding a list of examples or `{examples: [...]}`, read as YAML
 * 1.2 (the core schema: `yes`, `no`, `on`, `off` and `2024-01-01` are strings, `012` is 12).
 * Merge keys (`<<: *defaults`, `<<: [*a, *b]`), a YAML 1.1 feature teams use to share fields
 * between examples, are applied by the YAML reader as in plan files (../plan/yaml-file.ts): the
 * example's own keys win, then the merged mappings in the order listed.
 * Diagnostics speak of datasets, not plan files; an integer beyond 2^53 warns, as in JSON.
 */

import { visit } from 'yaml';
import type { Diagnostic } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import { isPlainObject } from '../plan/load.js';
import { locateInFile, ONE_DOCUMENT, parseYamlFile, positionOf, type YamlFile } from '../plan/yaml-file.js';
import type { RawExample } from './dataset-parse.js';

export function parseYamlRows(file: string, text: string): { rows: RawExample[]; diagnostics: Diagnostic[] } {
  const parsed = parseYamlFile(file, text);
  if (parsed.diagnostics.length > 0) return { rows: [], diagnostics: datasetWording(parsed.diagnostics) };
  const value = parsed.value;
  const inExamples = isPlainObject(value) && Array.isArray(value.examples);
  const list = Array.isArray(value) ? value : inExamples ? (value.examples as unknown[]) : undefined;
  if (!list) {
    return {
      rows: [],
      diagnostics: [
        diagnostic('EVALC_DATASET_SHAPE', 'a YAML dataset is a list of examples or {examples: [...]}', [], {
          source: { file, line: 1, col: 1 },
        }),
      ],
    };
  }
  const rows = list.map((v, i): RawExample => {
    const prefix = inExamples ? ['examples', i] : [i];
    const at = locateInFile(parsed.file, prefix);
    // A wrong field is shown at its own line, not at the example's first one (QA40).
    const locate = (path: readonly PropertyKey[]) => {
      const field = locateInFile(parsed.file, [
        ...prefix,
        ...path.filter((p): p is string | number => typeof p !== 'symbol'),
      ]);
      return { line: field.line, col: field.col };
    };
    return { value: v, line: at.line, col: at.col, locate };
  });
  return { rows, diagnostics: impreciseIntegers(parsed.file) };
}

/** Integers written with more digits than a number keeps (as JSON datasets warn, QA21). */
function impreciseIntegers(file: YamlFile): Diagnostic[] {
  const out: Diagnostic[] = [];
  visit(file.doc, {
    Scalar(_key, node) {
      const literal = node.source;
      if (typeof node.value !== 'number' || typeof literal !== 'string' || !/^[-+]?\d{16,}$/.test(literal))
        return;
      const read = String(node.value);
      if (BigInt(literal.replace(/^\+/, '')).toString() === read) return;
      out.push(
        diagnostic(
          'EVALC_DATASET_NUMBER_PRECISION',
          `${literal} is beyond the integers a number keeps exactly (2^53): it is read as ${read}`,
          [],
          {
            source: positionOf(file, node.range?.[0] ?? 0),
            severity: 'warning',
            hint: `quote it ("${literal}") to keep every digit`,
          },
        ),
      );
    },
  });
  return out;
}

/** The plan loader's messages, said of a dataset. */
function datasetWording(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.map((d) =>
    d.message === ONE_DOCUMENT
      ? {
          ...d,
          message: 'a YAML dataset holds one document (a `---` line starts another)',
          hint: 'put every example in one list, or use JSONL (one example per line)',
        }
      : d,
  );
}
