/**
 * What an included file that was left out (QA72) may define: a reference to one of these ids is a
 * cascade of that file's error, not news ("unknown agent `a1`" at every task naming an agent
 * defined in a file with a syntax error). Read off what the YAML parser salvaged of the file,
 * without building it (a file left out for an alias bomb stays unexpanded); `all` when nothing
 * of a section can be told (a file not read at all, or a section of the wrong shape).
 */
import { isMap, isScalar, isSeq, type Pair } from 'yaml';
import type { YamlFile } from './yaml-file.js';

export type LostIds = Partial<
  Record<'agents' | 'judges' | 'rubrics' | 'tasks' | 'metrics', string[] | 'all'>
>;

const ID_SECTIONS = ['agents', 'judges', 'rubrics', 'tasks'] as const;

/** Everything: a file that could not be read. */
export const ALL_LOST: LostIds = {
  agents: 'all',
  judges: 'all',
  rubrics: 'all',
  tasks: 'all',
  metrics: 'all',
};

/** The ids a partly parsed file defines, by section. */
export function lostIdsOf(file: YamlFile): LostIds {
  const contents = file.doc.contents;
  return isMap(contents) ? lostIdsOfPairs(contents.items) : {};
}

/** The ids that top-level entries of a file define (also a section left out as a duplicate key). */
export function lostIdsOfPairs(pairs: readonly Pair[]): LostIds {
  const out: LostIds = {};
  for (const pair of pairs) {
    const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
    if ((ID_SECTIONS as readonly string[]).includes(key ?? '') && isMap(pair.value)) {
      out[key as (typeof ID_SECTIONS)[number]] = pair.value.items.flatMap((p) =>
        isScalar(p.key) ? [String(p.key.value)] : [],
      );
    }
    // The metrics of the plan and of its tasks: a gate may name either (QA166: a gate on a metric of
    // a task in a second `tasks:` section, or in an included file left out, read 'unknown metric').
    if (key === 'metrics' || key === 'tasks') addMetrics(out, metricsWithin([pair]));
  }
  return out;
}

/**
 * The ids of pairs left out below the top level as duplicate keys: a task written twice, or a
 * task's `metrics:` written twice, takes its metric names with it (a gate on one is no news).
 */
export function lostIdsOfNestedPairs(pairs: readonly Pair[]): LostIds {
  const out: LostIds = {};
  addMetrics(out, metricsWithin(pairs));
  return out;
}

function addMetrics(out: LostIds, names: string[]): void {
  if (names.length > 0) out.metrics = [...((out.metrics as string[] | undefined) ?? []), ...names];
}

/** The metric names (`type:` and `id:`) of every `metrics:` list in these pairs, at any depth. */
function metricsWithin(pairs: readonly Pair[]): string[] {
  return pairs.flatMap((pair) => {
    if (isScalar(pair.key) && pair.key.value === 'metrics' && isSeq(pair.value))
      return pair.value.items.flatMap((item) => (isMap(item) ? metricNames(item.items) : []));
    return isMap(pair.value) ? metricsWithin(pair.value.items) : [];
  });
}

/** Sections of an included file left out for their shape (`agents:` as a list): any id in them. */
export function lostSections(sections: Iterable<string>): LostIds {
  const out: LostIds = {};
  for (const section of sections) if (section in ALL_LOST) out[section as keyof LostIds] = 'all';
  return out;
}

function metricNames(items: { key: unknown; value: unknown }[]): string[] {
  return items.flatMap((p) =>
    isScalar(p.key) && (p.key.value === 'id' || p.key.value === 'type') && isScalar(p.value)
      ? [String(p.value.value)]
      : [],
  );
}

const CODE_SECTIONS: Record<string, keyof LostIds> = {
  EVALC_REF_AGENT: 'agents',
  EVALC_REF_JUDGE: 'judges',
  EVALC_REF_RUBRIC: 'rubrics',
  EVALC_REF_TASK: 'tasks',
  EVALC_REF_METRIC: 'metrics',
};

/** Whether a reference diagnostic names an id one of the left-out files may define. */
export function namesLostId(d: { code: string; message: string }, lost: readonly LostIds[]): boolean {
  const section = CODE_SECTIONS[d.code];
  if (section === undefined) return false;
  return lost.some((ids) => {
    const names = ids[section];
    return names === 'all' || (names ?? []).some((id) => d.message.includes(`\`${id}\``));
  });
}
