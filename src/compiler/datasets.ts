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
import { isRemoteSource, readDatasetSource } from './dataset-source.js';
import { ExampleKeyTypos } from './example-key-typo.js';
import { exampleScriptProblem } from './example-script-check.js';
import { stripUserInfo } from './identities.js';
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
}

export interface DatasetContext {
  planDir: string;
  cacheDir: string;
  offline?: boolean;
  cwd: string;
  locate: (p: PlanPath, key?: string) => SourcePosition | undefined;
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
  if (config.source !== undefined) {
    const fmt = formatOf(config.source, config.format);
    if (!fmt) {
      return {
        diagnostics: [
          diagnostic(
            'EVALC_DATASET_FORMAT',
            `cannot tell the format of ${config.source}`,
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
      ? stripUserInfo(config.source) // never `user:password@` in a message (QA40)
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
    const parsed = parseDataset(display, normalizeLineEnds(decoded.text), fmt);
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
            ? typeof value.id === 'number' // JSON's 1e400 (QA59: "not a number")
              ? `${value.id}, a number out of range: quote it`
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
  diagnostics.push(...keyTypos.diagnostics(planPath));
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
    },
    diagnostics,
  };
}

/** The fields a score may read: all but the id, the weight, human_score and tags. */
function scoredPart(example: ExampleRecord): Record<string, unknown> {
  const { id: _id, weight: _weight, human_score: _human, tags: _tags, ...rest } = example;
  return rest;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * The fast path of example validation: a row with only `id` (a string), `vars` (a plain object),
 * `expected` and `weight` (a finite number ≥ 0) is what `exampleSchema` would return, built
 * without running zod (at 100k examples zod costs about a second). Anything else (other
 * fields, other types, a `__proto__` key) goes through `exampleSchema` and keeps its
 * diagnostics. The result has zod's key order: id, vars, expected (when given), weight.
 */
export function simpleExample(value: unknown): ExampleRecord | undefined {
  if (!isPlainRecord(value)) return undefined;
  for (const key in value)
    if (key !== 'id' && key !== 'vars' && key !== 'expected' && key !== 'weight') return undefined;
  const { id, vars, expected, weight } = value;
  if (typeof id !== 'string') return undefined;
  if (vars !== undefined && (!isPlainRecord(vars) || Object.hasOwn(vars, '__proto__'))) return undefined;
  if (weight !== undefined && (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0))
    return undefined;
  if (expected === undefined && Object.hasOwn(value, 'expected')) return undefined;
  if (Object.hasOwn(value, 'vars') && vars === undefined) return undefined;
  if (Object.hasOwn(value, 'weight') && weight === undefined) return undefined;
  const out = { id, vars: (vars ?? {}) as Record<string, unknown>, weight: (weight ?? 1) as number };
  return expected === undefined ? out : { id, vars: out.vars, expected, weight: out.weight };
}

/** `a boolean`, `null`, `a list`, … for a message. */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'a mapping' : `a ${typeof value}`;
}

/**
 * The path of a `__proto__` key in a mapping the example schema reads as a record (`vars`,
 * `policies` and each policy): zod's record drops that key without a word (QA40: a CSV column
 * `vars.__proto__.x` or a JSONL var `__proto__` vanished from the agent's input).
 */
function protoKey(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const { vars, policies } = value as { vars?: unknown; policies?: unknown };
  const has = (v: unknown) => v !== null && typeof v === 'object' && Object.hasOwn(v, '__proto__');
  if (has(vars)) return 'vars.__proto__';
  if (has(policies)) return 'policies.__proto__';
  if (policies !== null && typeof policies === 'object')
    for (const [name, policy] of Object.entries(policies))
      if (has(policy)) return `policies.${name}.__proto__`;
  return undefined;
}

/**
 * Why an example id cannot name an example, if it cannot: an empty (or blank) id shows as nothing
 * in reports (`d/`), and a control character (a line break, a tab, NUL) breaks the one-line
 * rows of report.md, progress lines and `--json` consumers that split on lines (QA21).
 */
function idProblem(id: string): string | undefined {
  if (id.trim() === '') return id === '' ? 'the id is empty' : 'the id is blank';
  const control = /[\u0000-\u001f\u007f]/.exec(id);
  if (control)
    return `the id holds a control character (U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')})`;
  // Half a surrogate pair is not Unicode text: RFC 8785 refuses it, so the request that carries
  // the id (RAIP `context.exampleId`) could not be built and apply stopped mid-run (QA35).
  const lone = LONE_SURROGATE.exec(id);
  if (lone)
    return `the id holds a lone surrogate (U+${lone[0].charCodeAt(0).toString(16).toUpperCase()}): not Unicode text`;
  return undefined;
}

/** A UTF-16 code unit of a surrogate pair standing alone (`\ud800` from JSON, YAML or CSV). */
const LONE_SURROGATE = /\p{Cs}/u;
