/**
 * What evalc.lock records of each judge a run used (DESIGN §5: "each judge: protocol, model,
 * rubric and rubricVersion"): the started judge's info, or the previous lock's when it was not
 * usable; the rubric tags its verdicts reported, its registered rubrics' tags and the previous
 * lock's for rubrics still in use; the model it reported when the plan names none.
 */

import type { CompiledPlan } from '../compiler/compile.js';
import { type JudgePins, metricRubricName, pinsListed, rubricNameOf } from '../compiler/judge-pins.js';
import type { Lockfile } from '../lockfile/types.js';
import type { Plan } from '../plan/schema.js';
import { BUILTIN_RUBRICS } from '../protocols/rubrics/index.js';
import { byText } from '../reports/format.js';
import type { JudgeRuntime } from './judges.js';

export type JudgeInfo = {
  model?: string;
  /** The rubrics its metrics used (QA142: the judge's own `rubric:` setting, used or not, was pinned). */
  rubric?: string;
  version?: string;
  wireVersion?: string;
  rubricVersion?: string;
  registeredRubrics?: Record<string, string>;
};

export interface JudgeReports {
  /** The rubric tags each judge's verdicts reported this run. */
  rubricVersions: ReadonlyMap<string, Set<string>>;
  /** The models each judge's verdicts reported this run. */
  judgeModels: ReadonlyMap<string, Set<string>>;
  /** Per judge, the verdicts that carried a warning this run (score-repeat.ts `judgeWarningCounts`). */
  warnings?: ReadonlyMap<string, { verdicts: number; first: string }>;
}

/** One entry per judge the compiled plan's metrics use; `warn` hears of a rubric seen at two versions. */
export function judgeLockInfo(
  compiled: CompiledPlan,
  plan: Plan,
  live: { judges: ReadonlyMap<string, JudgeRuntime>; pins: JudgePins; reports: JudgeReports },
  previousLock: Lockfile | undefined,
  warn: (text: string) => void,
): Record<string, JudgeInfo> {
  const info: Record<string, JudgeInfo> = {};
  const rubricsInUse = new Map<string, Set<string>>();
  // The models asked of each judge: its own, and a metric's `judge_config.judge_model` (QA120).
  const modelsAsked = new Map<string, Set<string>>();
  for (const { group } of compiled.groups)
    for (const m of group.metrics) {
      if (!m.judgeId) continue;
      const asked = modelsAsked.get(m.judgeId) ?? new Set<string>();
      const judgeModel = (m.config as { judge_config?: { judge_model?: unknown } }).judge_config?.judge_model;
      if (typeof judgeModel === 'string') asked.add(judgeModel);
      modelsAsked.set(m.judgeId, asked);
      const names = rubricsInUse.get(m.judgeId) ?? new Set<string>();
      const name = metricRubricName(m, plan);
      if (name !== undefined) names.add(name);
      rubricsInUse.set(m.judgeId, names);
    }
  for (const id of rubricsInUse.keys()) {
    const previous = previousLock?.judges[id];
    const judge = live.judges.get(id);
    const started = judge?.unusable ? undefined : judge;
    const sorted = rubricTags(
      live.reports.rubricVersions.get(id),
      live.pins[id],
      previous?.rubricVersion,
      rubricsInUse.get(id),
    );
    const rubricNames = new Set([...(rubricsInUse.get(id) ?? []), ...sorted.map(rubricNameOf)]);
    info[id] = {
      ...(rubricNames.size > 0 ? { rubric: [...rubricNames].sort(byText).join(' | ') } : {}),
      ...(started
        ? started.info
        : {
            ...(previous?.version ? { version: previous.version } : {}),
            ...(previous?.wireVersion ? { wireVersion: previous.wireVersion } : {}),
          }),
      ...(sorted.length > 0 ? { rubricVersion: sorted.join(' | ') } : {}),
      ...reportedModel(live.reports.judgeModels.get(id), previous?.model),
      ...servedModel(plan.judges[id], modelsAsked.get(id), live.reports.judgeModels.get(id), previous),
      ...(live.pins[id] ? { registeredRubrics: live.pins[id] } : {}),
    };
    // Several rubrics on one judge are normal; one rubric reported at two versions in one run is not.
    const names = sorted.map(rubricNameOf);
    if (new Set(names).size < names.length)
      warn(`judge ${id} reported several versions of one rubric: ${sorted.join(', ')}`);
    const ignored = ignoredModel(plan.judges[id], live.reports.judgeModels.get(id));
    if (ignored) warn(`judge ${id}: ${ignored}`);
    // A verdict's own warnings (agent-eval A3's unverifiable tag, A10's composite mismatch, an
    // openai judge's response-format step-down) are logged once each in run.log; say they exist.
    const warned = live.reports.warnings?.get(id);
    if (warned)
      warn(
        `judge ${id}: ${warned.verdicts} verdict${warned.verdicts === 1 ? '' : 's'} came with a warning, e.g. ${warned.first} (each distinct warning is in .evalc/logs/run.log)`,
      );
  }
  return info;
}

/**
 * An agent-eval judge asked for the plan's `model` (the request's `model` override) whose verdicts
 * all report another one: a server that does not take the override (the seed wire protocol has
 * none) judged with its own model, while evalc.lock pins the plan's (QA45). A reported name that
 * extends the plan's with `-`, `:`, `@` or `/` (a dated snapshot, a tag) is the same model.
 */
function ignoredModel(
  config: Plan['judges'][string] | undefined,
  reported: Set<string> | undefined,
): string | undefined {
  if (config?.protocol !== 'agent-eval' || !config.model || !reported || reported.size === 0)
    return undefined;
  const asked = config.model;
  const same = (m: string) => m === asked || (m.startsWith(asked) && '-:@/'.includes(m.charAt(asked.length)));
  if ([...reported].some(same)) return undefined;
  return `the plan asks for model ${asked}, but its verdicts report ${[...reported].sort().join(' | ')} (the server does not take the request's model override: the seed wire protocol has none); evalc.lock pins ${asked}`;
}

/**
 * An openai judge's model as its server reported serving it, when that is not the plan's name
 * (`gpt-4o` answered as the snapshot `gpt-4o-2024-08-06`, an alias a gateway resolved): what
 * judged, pinned as the judge's `version` (QA229: it was read and dropped, and the lock pinned
 * only the alias). The previous lock's when this run judged nothing with the same model.
 */
function servedModel(
  config: Plan['judges'][string] | undefined,
  metricModels: Set<string> | undefined,
  reported: Set<string> | undefined,
  previous: Lockfile['judges'][string] | undefined,
): { version?: string } {
  if (config?.protocol !== 'openai' || !config.model) return {};
  if (!reported || reported.size === 0)
    return previous?.version !== undefined && previous.model === config.model
      ? { version: previous.version }
      : {};
  // A metric's own `judge_model` served as named is no snapshot (QA230: `gpt-4o | gpt-4o-mini` was pinned).
  const asked = new Set([config.model, ...(metricModels ?? [])]);
  const served = [...reported].sort(byText);
  return served.some((m) => !asked.has(m)) ? { version: served.join(' | ') } : {};
}

/** The tags of the registered rubrics in use, asked of each judge (`GET /v1/rubrics`). */
export async function liveJudgePins(
  judges: ReadonlyMap<string, JudgeRuntime>,
  registered: Map<string, Set<string>>,
  signal: AbortSignal,
  warn?: (text: string) => void,
): Promise<JudgePins> {
  const pins: JudgePins = {};
  for (const [id, names] of [...registered].sort(([a], [b]) => byText(a, b))) {
    const tags = await judges.get(id)?.registeredRubricVersions?.(signal);
    const listed = tags ? pinsListed(names, tags) : {};
    if (Object.keys(listed).length > 0) pins[id] = listed;
    // A7: a name neither the plan, evalc nor the server defines fails every score with
    // rubric_not_found (config_error, after the agents ran): said before the run (QA97).
    const unknown = tags ? [...names].filter((n) => !tags.has(n) && BUILTIN_RUBRICS[n] === undefined) : [];
    for (const name of unknown.sort())
      warn?.(
        `judge ${id}: rubric ${JSON.stringify(name)} is not defined under rubrics:, not an evalc built-in, and the server does not list it (it lists: ${[...tags!.keys()].sort().join(', ') || 'none'}): every score judged against it will fail rubric_not_found (config_error)`,
      );
  }
  return pins;
}

/**
 * The tags a judge's lock entry records: those its verdicts reported this run, those its
 * registered rubrics have now (the score keys cover them), and the previous lock's for rubrics the
 * plan's metrics still use that neither names (not re-judged this run). A rubric the plan no
 * longer uses leaves the lock.
 */
function rubricTags(
  reported: Set<string> | undefined,
  pinned: Record<string, string> | undefined,
  previous: string | undefined,
  inUse: Set<string> | undefined,
): string[] {
  const tags = new Set<string>([...(reported ?? []), ...Object.values(pinned ?? {})]);
  const named = new Set([...tags].map(rubricNameOf));
  for (const tag of previous?.split(' | ') ?? [])
    if (tag && !named.has(rubricNameOf(tag)) && inUse?.has(rubricNameOf(tag))) tags.add(tag);
  return [...tags].sort();
}

/**
 * The model(s) a judge reported using, for a judge whose plan names none (an agent-eval server
 * picks its own): sorted, ` | `-joined like rubric tags; the lock's when this run judged nothing.
 */
function reportedModel(reported: Set<string> | undefined, previous: string | undefined): { model?: string } {
  if (reported && reported.size > 0) return { model: [...reported].sort().join(' | ') };
  return previous === undefined ? {} : { model: previous };
}
