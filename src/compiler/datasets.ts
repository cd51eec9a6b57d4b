/**
 * Loads every dataset of the plan: reads and hashes its source, parses it, validates each
 * example, and reports duplicate ids. Diagnostics point at the dataset line of the example.
 */
import path from 'node:path';
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import { findNonJsonValues } from '../plan/json-values.js';
import { type DatasetConfig, type ExampleRecord, exampleSchema } from '../plan/schema.js';
import { decodeUtf8Text } from '../plan/text-encoding.js';
import { canonicalJson, digestOf, sha256Hex } from './content-key.js';
import { normalizeLineEnds } from './dataset-digest.js';
import { formatOf, parseDataset, type RawExample } from './dataset-parse.js';
import { isRemoteSource, readDatasetSource, sourceAsSaid } from './dataset-source.js';
import { ExampleKeyTypos } from './example-key-typo.js';
import { exampleScriptProblem } from './example-script-check.js';
import { idProblem, jsonType, nonFiniteId, protoKey, simpleExample } from './example-shape.js';
import { NormalFormIds } from './id-normal-form-check.js';
import { recordedUrl } from './identities.js';
import { capNumberIdWarnings, numberIdChecker } from './number-id-check.js';
import { noteScriptKeys, type ScriptKeyUses } from './unused-example-keys.js';

export interface ResolvedExample extends ExampleRecord {
  /** Digest of everything in the example a score may read (not its id or weight). */
  digest: string;
  source?: SourcePosition;
}

export interface ResolvedDataset {
  taskId: string;
  datasetId: string;
  /** `inline` or the source as written (relative to the root plan folder). */
  source: string;
  format: string;
  sha256: string;
  weight: number;
  examples: ResolvedExample[];
  /** Where the protocol script keys (`turns`, `tools`, …) first appear (QA48: unused-example-keys.ts). */
  scriptKeys?: ScriptKeyUses;
  /**
   * Set when a row was refused (a line that does not parse, an invalid example): `examples` are not
   * all the file holds, so what no example has is not known (expected-check.ts; QA170).
   */
  incomplete?: true;
}

export interface DatasetContext {
  planDir: string;
  cacheDir: string;
  offline?: boolean;
  cwd: string;
  locate: (p: PlanPath, key?: string) => SourcePosition | undefined;
  /** A plan file's text by its display path (inline examples' ids as written). */
  fileText?: (file: string) => string | undefined;
}

export async function loadDataset(
  taskId: string,
  datasetId: string,
  config: DatasetConfig,
  ctx: DatasetContext,
): Promise<{ dataset?: ResolvedDataset; diagnostics: Diagnostic[] }> {
  const planPath: PlanPath = ['tasks', taskId, 'datasets', datasetId];
  const diagnostics: Diagnostic[] = [];
  let rows: RawExample[];
  let locateField:
    | ((row: RawExample, path: readonly PropertyKey[]) => { line: number; col: number })
    | undefined;
  let sha256: string;
  let format: string;
  let display: string;
  /** The text the examples were read from, to quote an id as written. */
  let text: string | undefined;
  if (config.source !== undefined) {
    const fmt = formatOf(config.source, config.format);
    if (!fmt) {
      return {
        diagnostics: [
          diagnostic(
            'EVALC_DATASET_FORMAT',
            // a url as evalc.lock records it: never `?sig=` nor `user:password@` (QA211: said as written);
            // a key pasted as a reference's name, `${env.ghp_…}`, said `${env…}` (QA335: quoted whole)
            `cannot tell the format of ${sourceAsSaid(isRemoteSource(config.source) ? recordedUrl(config.source) : config.source)}`,
            [...planPath, 'source'],
            {
              source: ctx.locate([...planPath, 'source']),
              hint: 'name a .jsonl, .json, .csv or .yaml file, or set format:',
            },
          ),
        ],
      };
    }
    const bytes = await readDatasetSource(config.source, {
      planDir: ctx.planDir,
      cacheDir: ctx.cacheDir,
      // Any case: PowerShell's Get-FileHash and certutil print upper-case hex (QA40).
      declaredSha256: config.sha256?.toLowerCase(),
      offline: ctx.offline ?? false,
    });
    if (!bytes.ok) {
      return {
        diagnostics: [
          diagnostic(bytes.code, bytes.message, [...planPath, 'source'], {
            source: ctx.locate([...planPath, 'source']),
            hint: bytes.hint,
          }),
        ],
      };
    }
    if (bytes.warning)
      diagnostics.push(
        diagnostic(bytes.warning.code, bytes.warning.message, [...planPath, 'source'], {
          source: ctx.locate([...planPath, 'source']),
          hint: bytes.warning.hint,
          severity: 'warning',
        }),
      );
    display = isRemoteSource(config.source)
      ? recordedUrl(config.source) // never `user:password@` (QA40) nor `?sig=` (QA160) in a message
      : path.relative(ctx.cwd, path.resolve(ctx.planDir, config.source));
    const decoded = decodeUtf8Text(bytes.bytes);
    if (!decoded.ok) {
      return {
        diagnostics: [
          diagnostic(
            'EVALC_FILE_ENCODING',
            `dataset ${datasetId}: the file ${decoded.reason}`,
            [...planPath, 'source'],
            {
              source: { file: display, line: 1, col: 1 },
              hint: 'a dataset file is UTF-8 text',
            },
          ),
        ],
      };
    }
    text = normalizeLineEnds(decoded.text);
    const parsed = parseDataset(display, text, fmt);
    diagnostics.push(...parsed.diagnostics);
    rows = parsed.rows;
    locateField = parsed.locateField;
    sha256 = bytes.sha256;
    format = fmt;
  } else if (config.examples !== undefined) {
    rows = config.examples.map((value, i): RawExample => {
      const at = ctx.locate([...planPath, 'examples', i]);
      const line = at?.line ?? 1;
      const col = at?.col ?? 1;
      // A wrong field is shown at its own line (QA40), as in a YAML dataset file.
      const locate = (path: readonly PropertyKey[]) => {
        const field = ctx.locate([
          ...planPath,
          'examples',
          i,
          ...path.filter((k): k is string | number => typeof k !== 'symbol'),
        ]);
        return { line: field?.line ?? line, col: field?.col ?? col };
      };
      return { value, line, col, locate };
    });
    display = ctx.locate(planPath)?.file ?? 'plan';
    text = ctx.fileText?.(display);
    sha256 = sha256Hex(canonicalJson(config.examples));
    format = 'inline';
  } else {
    return {
      diagnostics: [
        diagnostic(
          'EVALC_DATASET_EMPTY',
          `dataset ${datasetId} has neither source: nor examples:`,
          planPath,
          { source: ctx.locate(planPath) },
        ),
      ],
    };
  }

  const examples: ResolvedExample[] = [];
  const seen = new Map<string, SourcePosition>();
  const scriptKeys: ScriptKeyUses = {};
  const keyTypos = new ExampleKeyTypos();
  const numberIds: Diagnostic[] = [];
  const numberIdOf = numberIdChecker(text);
  const normalForms = new NormalFormIds();
  for (const row of rows) {
    const where: SourcePosition = { file: display, line: row.line, col: row.col };
    // A field's own position, for a diagnostic about it (QA40).
    const fieldAt = (path: readonly PropertyKey[]): SourcePosition => {
      const at = row.locate?.(path) ?? locateField?.(row, path);
      return at ? { ...where, line: at.line, col: at.col } : where;
    };
    const simple = simpleExample(row.value);
    let example: ExampleRecord;
    if (simple) example = simple;
    else {
      const lost = protoKey(row.value);
      if (lost) {
        diagnostics.push(
          diagnostic(
            'EVALC_EXAMPLE_INVALID',
            `invalid example (${lost}): a key named \`__proto__\``,
            planPath,
            {
              source: fieldAt(lost.split('.')),
              hint: 'rename it: it would be dropped from the mapping (and no template can read it)',
            },
          ),
        );
        continue;
      }
      const parsed = exampleSchema.safeParse(row.value);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const field = issue.path.join('.');
        const value = row.value as { id?: unknown } | null;
        if (field === 'id' && (value === null || typeof value !== 'object' || value.id === undefined)) {
          diagnostics.push(
            diagnostic('EVALC_EXAMPLE_INVALID', 'invalid example: it has no `id`', planPath, {
              source: where,
              hint: 'every example needs a unique id (a string or a number)',
            }),
          );
          continue;
        }
        // A union's issue says only "Invalid input" (QA40: `"id": true`, `"id": null`).
        const idType =
          field === 'id' && value !== null && typeof value === 'object'
            ? typeof value.id === 'number' // JSON's 1e400 (QA59: "not a number"; QA136: "not Infinity")
              ? nonFiniteId(value.id, format === 'yaml')
              : jsonType(value.id)
            : undefined;
        diagnostics.push(
          diagnostic(
            'EVALC_EXAMPLE_INVALID',
            idType
              ? `invalid example (id): an id is a string or a number, not ${idType}`
              : `invalid example${field ? ` (${field})` : ''}: ${issue.message.replace(/expected (record|object)/, 'expected a mapping').replace(/expected array/, 'expected a list')}`,
            planPath,
            { source: fieldAt(issue.path) },
          ),
        );
        continue;
      }
      example = parsed.data;
      keyTypos.note(row.value, fieldAt);
      const script = exampleScriptProblem(example);
      if (script) {
        const fieldPath = script.field.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k));
        diagnostics.push(
          diagnostic(
            'EVALC_EXAMPLE_INVALID',
            `invalid example (${script.field}): ${script.message}`,
            planPath,
            {
              source: fieldAt(fieldPath),
            },
          ),
        );
        continue;
      }
    }
    const badId = idProblem(example.id);
    if (badId) {
      diagnostics.push(
        diagnostic('EVALC_EXAMPLE_INVALID', `invalid example (id): ${badId}`, planPath, {
          source: where,
          hint: 'an id names the example in step ids (agent/task/dataset/example#repeat), reports and the lock',
        }),
      );
      continue;
    }
    const numberId = numberIdOf((row.value as { id?: unknown }).id, () => fieldAt(['id']), planPath);
    if (numberId) numberIds.push(numberId);
    const first = seen.get(example.id);
    if (first) {
      diagnostics.push(
        diagnostic(
          'EVALC_EXAMPLE_DUPLICATE_ID',
          `duplicate example id "${example.id}" in dataset ${datasetId}`,
          planPath,
          {
            source: where,
            hint: `first defined at ${first.file}:${first.line}`,
          },
        ),
      );
      continue;
    }
    seen.set(example.id, where);
    normalForms.add(example.id, where, planPath, seen);
    // human_score (read only by judge_agreement, from the results, at aggregation) and tags are no
    // score's input: relabelling an example re-aggregates (the dataset sha256 changed), it never
    // re-scores or re-judges it.
    // What the example's digest covers; the common shape is built key-sorted (no sort per example).
    const scored = simple
      ? simple.expected === undefined
        ? { vars: simple.vars }
        : { expected: simple.expected, vars: simple.vars }
      : scoredPart(example);
    let digest: string;
    try {
      digest = digestOf(scored);
    } catch {
      // Only non-JSON values (.nan, .inf, lone surrogates) fail to canonicalize: find which.
      const bad = findNonJsonValues(scored)[0];
      diagnostics.push(
        diagnostic(
          'EVALC_EXAMPLE_INVALID',
          `invalid example${bad ? ` (${bad.path.join('.')}): not a JSON value: ${bad.reason}` : ': not JSON data'}`,
          planPath,
          { source: where },
        ),
      );
      continue;
    }
    if (!simple) noteScriptKeys(example, fieldAt, scriptKeys);
    examples.push(
      simple
        ? simple.expected === undefined
          ? { id: simple.id, vars: simple.vars, weight: simple.weight, digest, source: where }
          : {
              id: simple.id,
              vars: simple.vars,
              expected: simple.expected,
              weight: simple.weight,
              digest,
              source: where,
            }
        : { ...example, digest, source: where },
    );
  }
  if (examples.length === 0 && diagnostics.length === 0) {
    diagnostics.push(
      diagnostic('EVALC_DATASET_EMPTY', `dataset ${datasetId} has no examples`, planPath, {
        source: ctx.locate(planPath),
        severity: 'warning',
      }),
    );
  }
  diagnostics.push(
    ...keyTypos.diagnostics(planPath),
    ...capNumberIdWarnings(numberIds),
    ...normalForms.diagnostics(planPath),
  );
  const source = config.source ?? 'inline';
  return {
    dataset: {
      taskId,
      datasetId,
      source,
      format,
      sha256,
      weight: config.weight,
      examples,
      ...(Object.keys(scriptKeys).length > 0 ? { scriptKeys } : {}),
      ...(diagnostics.some((d) => d.severity === 'error') ? { incomplete: true as const } : {}),
    },
    diagnostics,
  };
}

/** The fields a score may read: all but the id, the weight, human_score and tags. */
function scoredPart(example: ExampleRecord): Record<string, unknown> {
  const { id: _id, weight: _weight, human_score: _human, tags: _tags, ...rest } = example;
  return rest;
}
