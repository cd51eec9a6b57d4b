/**
 * Checks that parsed JSON has the shape of an evalc lockfile before anything reads it, so a
 * hand-edited, truncated-and-repaired or foreign file is a one-line error naming the field
 * (`results[2].metrics: expected an object, got nothing`) instead of a crash deep in plan,
 * diff or report; and refuses a lockfile written by a newer evalc (a higher `lockVersion` or
 * plan language) instead of reading it as if it were this version's, then rewriting it.
 *
 * Checked: what readers dereference without guards. Optional members are checked only when
 * present; extra members are accepted (older/newer evalc of the same lock version).
 */
import { LOCK_VERSION } from './types.js';

/** The plan language versions this evalc reads (DESIGN.md §2: `evalc: 1`). */
const LANGUAGE_VERSION = 1;

export interface LockShapeProblem {
  /** `newer`: written by a newer evalc; `shape`: a member missing or of the wrong type. */
  kind: 'newer' | 'shape';
  /** Where, as a JSON path: `results[2].metrics`. */
  at: string;
  message: string;
  /** Index into `results` when the problem is in one row (the text layout has one row per line). */
  resultIndex?: number;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${typeof value === 'object' ? 'an object' : `the ${typeof value}`}${typeof value === 'object' ? '' : ` ${String(value)}`}`;
}

/**
 * A dataset pin as every evalc.lock records it (lock.schema.json): plan and apply --locked quote its
 * source (QA173: one missing stopped them on 'internal error: TypeError'), and apply --locked reads
 * its sha256 (QA177: one missing stopped it so, in `datasetDrift`).
 */
function checkDatasetPin(id: string, entry: Record<string, unknown>): LockShapeProblem | undefined {
  for (const field of ['source', 'format', 'sha256'] as const)
    if (typeof entry[field] !== 'string') return expect(`datasets.${id}.${field}`, 'a string', entry[field]);
  const n = entry.examples;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0)
    return expect(`datasets.${id}.examples`, 'a whole number ≥ 0', n);
  return undefined;
}

/**
 * An agent or judge pin's digest, which diff quotes (QA177: a digest of null or 5 stopped it on
 * 'internal error: TypeError: newDigest.slice is not a function'). Only its type: a lock without
 * one reads as before, and an older lock's judge recorded no endpoint (QA168).
 */
function checkServicePin(key: 'agents' | 'judges', id: string, entry: Record<string, unknown>) {
  // And every other text a pin records (QA180: an agent's schemaDigest of 5 stopped apply --locked
  // on 'TypeError: lockedPin.schemaDigest.slice is not a function'; an etag of {} was sent as
  // If-None-Match and read as the agent's 'discovery failed (transport_error) … UND_ERR_INVALID_ARG').
  for (const field of key === 'agents' ? AGENT_TEXT : JUDGE_TEXT)
    if (entry[field] !== undefined && typeof entry[field] !== 'string')
      return expect(`${key}.${id}.${field}`, 'a string', entry[field]);
  for (const field of ['settings', 'registeredRubrics'] as const)
    if (entry[field] !== undefined && !isObject(entry[field]))
      return expect(`${key}.${id}.${field}`, 'an object', entry[field]);
  return undefined;
}

const AGENT_TEXT = [
  'digest',
  'protocol',
  'endpoint',
  'commandDir',
  'name',
  'version',
  'declaredVersion',
  'schemaDigest',
  'etag',
] as const;
const JUDGE_TEXT = [
  'digest',
  'protocol',
  'endpoint',
  'commandDir',
  'model',
  'rubric',
  'rubricVersion',
  'version',
  'wireVersion',
] as const;

function expect(at: string, what: string, value: unknown, resultIndex?: number): LockShapeProblem {
  return {
    kind: 'shape',
    at,
    message: `${at}: expected ${what}, got ${describe(value)}`,
    ...(resultIndex === undefined ? {} : { resultIndex }),
  };
}

/** The way out a shape problem ends with; apply --locked says its own instead (QA177). */
export const SHAPE_ADVICE = ' (restore it from git, or delete it and run `evalc apply` to re-create it)';

/**
 * The newer lock's second way out, which holds for an evalc.lock only (apply writes no other file).
 * Apply refuses such a lock rather than overwrite it (QA192: 're-create the lockfile with `evalc
 * apply`', followed, was refused again): it goes first.
 */
export const RECREATE_WITH_APPLY = ', or delete it and run `evalc apply` to re-create it';

/** A lockfile from a newer evalc: its version fields are higher than this evalc writes. */
function checkVersions(lock: Json): LockShapeProblem | undefined {
  const newer = (field: string, supported: number): LockShapeProblem | undefined => {
    const v = lock[field];
    if (v === undefined) return undefined;
    if (typeof v !== 'number' || !Number.isInteger(v)) return expect(field, 'a whole number', v);
    if (v <= supported) return undefined;
    const by = typeof lock.evalc === 'string' ? `evalc ${lock.evalc}` : 'a newer evalc';
    return {
      kind: 'newer',
      at: field,
      message: `written by ${by} (${field} ${v}); this evalc reads ${field} ${supported}: upgrade evalc${RECREATE_WITH_APPLY}`,
    };
  };
  return newer('lockVersion', LOCK_VERSION) ?? newer('language', LANGUAGE_VERSION);
}

function checkResultRow(row: unknown, i: number): LockShapeProblem | undefined {
  const at = `results[${i}]`;
  if (!isObject(row)) return expect(at, 'an object', row, i);
  if (typeof row.group !== 'string') return expect(`${at}.group`, 'a string', row.group, i);
  if (typeof row.example !== 'string' && typeof row.example !== 'number')
    return expect(`${at}.example`, 'an example id', row.example, i);
  if (!isObject(row.metrics)) return expect(`${at}.metrics`, 'an object', row.metrics, i);
  for (const [id, m] of Object.entries(row.metrics)) {
    if (!isObject(m)) return expect(`${at}.metrics.${id}`, 'an object', m, i);
    if (m.score !== null && typeof m.score !== 'number')
      return expect(`${at}.metrics.${id}.score`, 'a number or null', m.score, i);
    // evalc records a score in [0, 1] or none (a measurement's figure is its `value`)
    if (typeof m.score === 'number' && !(m.score >= 0 && m.score <= 1))
      return expect(`${at}.metrics.${id}.score`, 'a score in [0, 1] or null', m.score, i);
    // report.md quotes a failure's kind (QA192: one of 5 or null stopped it on 'TypeError: text.replace …').
    if (m.error !== undefined && typeof m.error !== 'string')
      return expect(`${at}.metrics.${id}.error`, 'an error kind (text)', m.error, i);
  }
  // Every row evalc writes lists its invoke keys, which plan, apply and report read (QA180: a row
  // without them stopped all three on 'internal error: TypeError … (reading 'length')').
  if (!Array.isArray(row.invoke)) return expect(`${at}.invoke`, 'a list', row.invoke, i);
  if (row.weight !== undefined && typeof row.weight !== 'number')
    return expect(`${at}.weight`, 'a number', row.weight, i);
  if (row.pass !== undefined && row.pass !== null && typeof row.pass !== 'boolean')
    return expect(`${at}.pass`, 'true, false or null', row.pass, i);
  if (row.errors !== undefined && !Array.isArray(row.errors))
    return expect(`${at}.errors`, 'a list', row.errors, i);
  for (const [r, kind] of (row.errors ?? []).entries())
    if (kind !== null && typeof kind !== 'string')
      return expect(`${at}.errors[${r}]`, 'an error kind (text) or null', kind, i);
  return undefined;
}

/**
 * The run settings every lock records, which report.md prints and diff compares (QA180: one removed
 * or of another type read 'repeats undefined · seed [object Object]' and 'α = [object Object]').
 */
function checkRun(run: Json): LockShapeProblem | undefined {
  for (const key of ['repeats', 'seed', 'bootstrap', 'significance'] as const)
    if (typeof run[key] !== 'number') return expect(`run.${key}`, 'a number', run[key]);
  if (typeof run.trace !== 'boolean') return expect('run.trace', 'true or false', run.trace);
  return undefined;
}

/**
 * The run's step summary, when recorded (older locks have none): an up-to-date apply quotes its error
 * counts (QA180: one of {} or "text" read '0[object Object] recorded errors: semantic_mismatch [object Object]').
 */
function checkSteps(steps: unknown): LockShapeProblem | undefined {
  if (!isObject(steps)) return expect('steps', 'an object', steps);
  if (typeof steps.digest !== 'string') return expect('steps.digest', 'a string', steps.digest);
  if (typeof steps.complete !== 'boolean') return expect('steps.complete', 'true or false', steps.complete);
  if (!isObject(steps.errors)) return expect('steps.errors', 'an object', steps.errors);
  for (const [kind, n] of Object.entries(steps.errors))
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0)
      return expect(`steps.errors.${kind}`, 'a whole number ≥ 0', n);
  return undefined;
}

/** A group's volatile figures are numbers when present (QA180: text read 'NaN' in report.md's table). */
function checkVolatile(volatile: Json): LockShapeProblem | undefined {
  for (const [id, entry] of Object.entries(volatile)) {
    if (!isObject(entry)) return expect(`volatile.${id}`, 'an object', entry);
    for (const key of ['durationMsMean', 'durationMsP50', 'tokens', 'invokes', 'schemaRefusals'] as const)
      if (entry[key] !== undefined && typeof entry[key] !== 'number')
        return expect(`volatile.${id}.${key}`, 'a number', entry[key]);
    if (entry.measures === undefined) continue;
    if (!isObject(entry.measures)) return expect(`volatile.${id}.measures`, 'an object', entry.measures);
    for (const [metric, v] of Object.entries(entry.measures))
      if (typeof v !== 'number') return expect(`volatile.${id}.measures.${metric}`, 'a number', v);
  }
  return undefined;
}

function checkGate(gate: unknown, i: number): LockShapeProblem | undefined {
  const at = `gates[${i}]`;
  if (!isObject(gate)) return expect(at, 'an object', gate);
  for (const key of ['metric', 'scope', 'agent', 'kind', 'message'] as const) {
    if (typeof gate[key] !== 'string') return expect(`${at}.${key}`, 'a string', gate[key]);
  }
  if (typeof gate.passed !== 'boolean') return expect(`${at}.passed`, 'true or false', gate.passed);
  if (gate.actual !== undefined && gate.actual !== null && typeof gate.actual !== 'number')
    return expect(`${at}.actual`, 'a number or null', gate.actual);
  return undefined;
}

function checkGroups(groups: Json): LockShapeProblem | undefined {
  for (const [id, g] of Object.entries(groups)) {
    if (!isObject(g)) return expect(`groups.${id}`, 'an object', g);
    for (const key of ['agent', 'task', 'dataset'] as const) {
      if (typeof g[key] !== 'string') return expect(`groups.${id}.${key}`, 'a string', g[key]);
    }
    // Every lock evalc writes has both (since its first), and diff compares them (QA180: one removed
    // read 'weight changed 9 → undefined (the task and benchmark means weigh its examples anew)').
    for (const key of ['taskWeight', 'datasetWeight'] as const) {
      if (typeof g[key] !== 'number') return expect(`groups.${id}.${key}`, 'a number', g[key]);
    }
    if (!isObject(g.metrics)) return expect(`groups.${id}.metrics`, 'an object', g.metrics);
    for (const [metric, m] of Object.entries(g.metrics)) {
      if (!isObject(m)) return expect(`groups.${id}.metrics.${metric}`, 'an object', m);
      if (typeof m.type !== 'string')
        return expect(`groups.${id}.metrics.${metric}.type`, 'a string', m.type);
      // diff quotes it (QA177: a digest of null or 5 stopped it on 'TypeError: b.digest.slice is not a function').
      if (m.digest !== undefined && typeof m.digest !== 'string')
        return expect(`groups.${id}.metrics.${metric}.digest`, 'a string', m.digest);
    }
  }
  return undefined;
}

/** An aggregate's `{mean, ci, n}`: mean a number or null, ci null or two numbers, n a number. */
function checkMeanCiN(agg: Json, at: string): LockShapeProblem | undefined {
  if (agg.mean !== null && typeof agg.mean !== 'number')
    return expect(`${at}.mean`, 'a number or null', agg.mean);
  const ci = agg.ci;
  if (
    ci !== null &&
    !(Array.isArray(ci) && ci.length === 2 && typeof ci[0] === 'number' && typeof ci[1] === 'number')
  )
    return expect(`${at}.ci`, 'null or [low, high]', ci);
  if (typeof agg.n !== 'number') return expect(`${at}.n`, 'a number', agg.n);
  return undefined;
}

/**
 * A score's mean and CI are in [0, 1], as each row's score is (a `measure: 'value'` aggregate is a
 * measurement of any size): QA180, a mean of 5 read '5.000 [0.77, 1.00]' in report.md, outside its CI.
 */
function checkScoreRange(agg: Json, at: string): LockShapeProblem | undefined {
  const inRange = (v: unknown) => v === null || (typeof v === 'number' && v >= 0 && v <= 1);
  if (!inRange(agg.mean)) return expect(`${at}.mean`, 'a score in [0, 1] or null', agg.mean);
  const ci = agg.ci as number[] | null;
  if (ci !== null && !(inRange(ci[0]) && inRange(ci[1])))
    return {
      kind: 'shape',
      at: `${at}.ci`,
      message: `${at}.ci: expected a range within [0, 1], got [${ci.join(', ')}]`,
    };
  return undefined;
}

function checkAggregates(aggregates: Json): LockShapeProblem | undefined {
  for (const [scope, byAgent] of Object.entries(aggregates)) {
    if (!isObject(byAgent)) return expect(`aggregates.${scope}`, 'an object', byAgent);
    for (const [agent, byMetric] of Object.entries(byAgent)) {
      if (!isObject(byMetric)) return expect(`aggregates.${scope}.${agent}`, 'an object', byMetric);
      for (const [metric, agg] of Object.entries(byMetric)) {
        const at = `aggregates.${scope}.${agent}.${metric}`;
        if (!isObject(agg)) return expect(at, 'an object', agg);
        if (agg.mean !== null && typeof agg.mean !== 'number')
          return expect(`${at}.mean`, 'a number or null', agg.mean);
        const problem =
          checkMeanCiN(agg, at) ?? (agg.measure === 'value' ? undefined : checkScoreRange(agg, at));
        if (problem) return problem;
        if (agg.value !== undefined) {
          if (!isObject(agg.value)) return expect(`${at}.value`, 'an object', agg.value);
          const inner = checkMeanCiN(agg.value, `${at}.value`);
          if (inner) return inner;
        }
        for (const key of ['errors', 'passRate'] as const) {
          if (agg[key] !== undefined && agg[key] !== null && typeof agg[key] !== 'number')
            return expect(`${at}.${key}`, 'a number', agg[key]);
        }
      }
    }
  }
  return undefined;
}

/** The first problem that makes `value` unreadable as this evalc's lockfile, or undefined. */
export function checkLockShape(value: unknown): LockShapeProblem | undefined {
  if (!isObject(value))
    return { kind: 'shape', at: '', message: `expected a JSON object, got ${describe(value)}` };
  // Every lock evalc writes names its version, which report.md and report.html print (QA180: a lock
  // without it stopped `evalc report` on 'internal error: TypeError … (reading 'replace')').
  if (typeof value.evalc !== 'string') return expect('evalc', 'a version string', value.evalc);
  const versions = checkVersions(value);
  if (versions) return versions;
  if (!isObject(value.plan)) return expect('plan', 'an object', value.plan);
  if (typeof value.plan.digest !== 'string') return expect('plan.digest', 'a string', value.plan.digest);
  const benchmark = value.plan.benchmark;
  if (!isObject(benchmark)) return expect('plan.benchmark', 'an object', benchmark);
  if (typeof benchmark.id !== 'string') return expect('plan.benchmark.id', 'a string', benchmark.id);
  if (typeof benchmark.version !== 'string')
    return expect('plan.benchmark.version', 'a string', benchmark.version);
  if (!Array.isArray(value.results)) return expect('results', 'a list', value.results);
  for (const key of ['run', 'groups', 'aggregates', 'agents', 'datasets', 'judges', 'volatile'] as const) {
    if (value[key] !== undefined && !isObject(value[key])) return expect(key, 'an object', value[key]);
  }
  // Every lock evalc writes has these, and plan, apply, diff and report read them (QA38); a lock
  // without aggregates was up to date to plan and apply, which kept it so and wrote report.md
  // without its scores, and then refused by report and diff (QA180).
  for (const key of ['run', 'groups', 'aggregates'] as const) {
    if (!isObject(value[key])) return expect(key, 'an object', value[key]);
  }
  if (!Array.isArray(value.gates)) return expect('gates', 'a list', value.gates);
  if (Array.isArray(value.gates)) {
    for (let i = 0; i < value.gates.length; i++) {
      const problem = checkGate(value.gates[i], i);
      if (problem) return problem;
    }
  }
  for (const key of ['agents', 'datasets', 'judges'] as const) {
    const entries = value[key];
    // Every lock evalc writes has these (judges: {} without judges), and diff reads them (QA38).
    if (!isObject(entries)) return expect(key, 'an object', entries);
    for (const [id, entry] of Object.entries(entries)) {
      if (!isObject(entry)) return expect(`${key}.${id}`, 'an object', entry);
      const problem = key === 'datasets' ? checkDatasetPin(id, entry) : checkServicePin(key, id, entry);
      if (problem) return problem;
    }
  }
  const run = checkRun(value.run as Json);
  if (run) return run;
  const steps = value.steps === undefined ? undefined : checkSteps(value.steps);
  if (steps) return steps;
  if (isObject(value.volatile)) {
    const volatile = checkVolatile(value.volatile);
    if (volatile) return volatile;
  }
  const groups = isObject(value.groups) ? checkGroups(value.groups) : undefined;
  if (groups) return groups;
  const aggregates = isObject(value.aggregates) ? checkAggregates(value.aggregates) : undefined;
  if (aggregates) return aggregates;
  for (let i = 0; i < value.results.length; i++) {
    const problem = checkResultRow(value.results[i], i);
    if (problem) return problem;
  }
  return checkResultRows(value.results as Json[], value.groups as Json);
}

/**
 * Each row belongs to a group of the lock, once per example: a row naming no group, or a second
 * row for an example, would be read as results nothing produced (QA38: `plan` said "No changes").
 */
function checkResultRows(results: readonly Json[], groups: Json): LockShapeProblem | undefined {
  const seen = new Set<string>();
  for (let i = 0; i < results.length; i++) {
    const row = results[i] as Json;
    const group = row.group as string;
    const at = `results[${i}]`;
    if (!Object.hasOwn(groups, group))
      return {
        kind: 'shape',
        at: `${at}.group`,
        message: `${at}.group: ${JSON.stringify(group)} is no group of this lockfile`,
        resultIndex: i,
      };
    const key = `${group}\n${String(row.example)}`;
    if (seen.has(key))
      return {
        kind: 'shape',
        at,
        message: `${at}: a second row for example ${JSON.stringify(String(row.example))} of group ${JSON.stringify(group)}`,
        resultIndex: i,
      };
    seen.add(key);
  }
  return undefined;
}
