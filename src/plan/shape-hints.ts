/**
 * Hints for a value of the wrong shape: what to write, in the shape the plan takes there (QA166;
 * moved out of validate-schema.ts, which passed 400 lines).
 */
import { parse } from 'yaml';
import { byteSizeHint } from './byte-size-hint.js';
import type { PlanPath } from './diagnostic.js';
import { didYouMean } from './suggest.js';
import { maskUrlText } from './url-secrets.js';

/**
 * One mapping written where a list of them goes (`metrics: { type: pass_rate }`, `examples: { id: x1 }`),
 * a dataset written as its file (`d: datasets/s.jsonl`), a metric as its type (`- pass_rate`), the
 * benchmark as its id (`benchmark: b`): the hint writes the shape (QA166: as
 * 865d103 does for one text written where a list goes, these read 'expected a list, got a mapping').
 */
export function shapeHint(
  expected: string,
  actual: unknown,
  path: PlanPath,
  key: string,
): string | undefined {
  // A byte limit with a unit (`maxResponseBytes: "16MiB"`; QA364).
  if ((expected === 'number' || expected === 'int') && typeof actual === 'string') {
    const bytes = byteSizeHint(path, key, actual);
    if (bytes !== undefined) return bytes;
  }
  // YAML 1.2 reads `yes`, `on`, `"true"` as text (QA166: `trace: yes` read 'expected boolean' alone).
  if (expected === 'boolean' && typeof actual === 'string') {
    const word = actual.trim().toLowerCase();
    if (['yes', 'y', 'on', 'true'].includes(word)) return `write ${key}: true (YAML reads ${actual} as text)`;
    if (['no', 'n', 'off', 'false'].includes(word))
      return `write ${key}: false (YAML reads ${actual} as text)`;
  }
  if (expected === 'array' && actual !== null && typeof actual === 'object' && !Array.isArray(actual))
    return `write a list, even of one item: ${key}: [ { … } ]`;
  // A judge's rubric written in place, its dimensions' list or a mapping (QA232: no hint, where a
  // judge metric's was told since 00b4c5e).
  if (expected === 'string' && path[0] === 'judges' && path.length === 3 && key === 'rubric')
    if (actual !== null && typeof actual === 'object')
      return "a judge names its rubric: define it under the plan's `rubrics:` (rubrics: { advice: { dimensions: [ … ] } }) and write rubric: advice";
  // `agents:` / `tasks:` written as a list of one-key mappings (`- a1: { … }`; QA166: no hint).
  const ids = Array.isArray(actual) ? actual.flatMap(oneKey) : [];
  if (
    (expected === 'object' || expected === 'record') &&
    ids.length > 0 &&
    ids.length === (actual as unknown[]).length
  )
    return `${key} is a mapping of ids: write each entry without its \`- \` (${ids[0]}: { … })`;
  if ((expected !== 'object' && expected !== 'record') || typeof actual !== 'string') return undefined;
  const isDataset = path.length === 4 && path[0] === 'tasks' && path[2] === 'datasets';
  // a source url's password and query credentials `***`, as the message and excerpt say it (QA232)
  if (isDataset) return `a dataset is a mapping: ${key}: { source: ${maskUrlText(actual)} }`;
  // `- pass_rate` in a metrics: list, `benchmark: b`.
  if (path.at(-2) === 'metrics' && typeof path.at(-1) === 'number')
    return `a metric is a mapping: - { type: ${actual} }`;
  if (path.length === 1 && path[0] === 'benchmark')
    return `write benchmark: { id: ${actual}, version: 1.0.0 }`;
  return undefined;
}

/**
 * The key written beside a missing field that misspells it, when nothing else says so: a metric's
 * `typ: pass_rate` read 'missing required field `type` in metrics[0]' alone, its `typ` not said
 * unknown (the metric's schema stops at its type; QA166).
 */
export function misspeltFieldHint(parent: unknown, path: PlanPath): string | undefined {
  const field = String(path.at(-1));
  if (parent === null || typeof parent !== 'object' || Array.isArray(parent)) return undefined;
  const near = Object.keys(parent).find((k) => k !== field && didYouMean(k, [field]) !== undefined);
  return near === undefined ? undefined : `\`${near}\`: did you mean \`${field}\`?`;
}

/**
 * The key of a mapping that has exactly one (`- a1: { … }`), else nothing; or its first key when that
 * holds nothing: `- t:` put before a task's lines as they were, which then read as the item's own
 * keys beside `t` (QA172: that, the way a `- ` is usually added, had no hint).
 */
function oneKey(item: unknown): string[] {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return [];
  const keys = Object.keys(item);
  if (keys.length === 1) return keys;
  return keys.length > 1 && (item as Record<string, unknown>)[keys[0]!] === null ? [keys[0]!] : [];
}

/**
 * `min:`/`max:` on a plan rubric's dimension (agent-eval's inline rubric has them): a plan rubric
 * scores 0..1 and takes neither. The hint read "`id` is set already beside it: remove `min` (a
 * misspelt copy?)" (QA225), `min` being two edits from `id`.
 */
export function rubricRangeHint(path: PlanPath, key: string): string | undefined {
  if (path.length !== 4 || path[0] !== 'rubrics' || path[2] !== 'dimensions') return undefined;
  if (key !== 'min' && key !== 'max') return undefined;
  return `a plan rubric's dimensions score 0..1 (evalc sends them with min: 0, max: 1) and take no \`${key}\`: remove it; a rubric on its own scale is registered on the agent-eval server and named in rubric:, its composite normalised there`;
}

/**
 * One text written where a list goes (`include: shared.yaml`): the hint writes it as a list, its
 * comma-separated items trimmed and the empty ones dropped (QA243: `include: a.yaml,` was told
 * `include: [a.yaml,]`, its stray comma copied in, and `a.yaml,,b.yaml` `[a.yaml,,b.yaml]`, a YAML error).
 */
export function oneItemListHint(key: string, actual: string | number): string {
  const text = maskUrlText(String(actual));
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  // each item as YAML reads it back in a flow list: `[x].yaml` quoted, or it is a nested list; a
  // text of commas alone is the empty list, where `[,]` was hinted, a YAML error (QA250)
  return `write a list, even of one item: ${key}: [${items.map(flowItem).join(', ')}]`;
}

/** An item of a YAML flow list: as written when YAML reads it as that text, else double-quoted. */
function flowItem(item: string): string {
  // (a `:` before a space or at the end makes a mapping, a tab before `#` a comment: QA254; `true`,
  // `null`, `~`, `2024` are read as a boolean, null, a number, refused again as not text: QA258)
  return /^[^-?:,[\]{}#&*!|>'"%@`\s]/.test(item) && !/[,[\]{}]|:(\s|$)|\s#/.test(item) && readsAsText(item)
    ? item
    : JSON.stringify(item);
}

/** Whether YAML reads the plain scalar as that text (the plan's YAML 1.2 core schema). */
function readsAsText(item: string): boolean {
  try {
    return parse(item) === item;
  } catch {
    return false;
  }
}
