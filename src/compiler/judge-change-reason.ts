/**
 * Why a judge metric re-scores when its own params and version did not change (plan-reasons.ts):
 * the judge's setting (model, endpoint, rubric name) or the definition of the rubric it applies.
 * "because judge oj changed" was printed for a plan rubric edit, even one that only a metric's
 * `rubric:` names while the judge stayed as it was (QA41).
 */

import { byText } from '../lockfile/text-order.js';
import type { Lockfile, LockJudge } from '../lockfile/types.js';
import { maskCommandCredentials, recordedCommandChange } from '../plan/command-secrets.js';
import type { RubricConfig } from '../plan/schema.js';
import { recordedUrlChange } from '../plan/url-secrets.js';
import { BUILTIN_RUBRICS } from '../protocols/rubrics/index.js';
import { computeRubricVersion } from '../protocols/rubrics/rubric-version.js';
import { toWireRubric } from '../protocols/rubrics/wire-rubric.js';
import type { CompiledPlan } from './compile.js';
import { digestOf } from './content-key.js';
import { commandFolderChange, judgeIdentity, recordedUrl } from './identities.js';
import { metricRubricName, rubricNameOf } from './judge-pins.js';
import type { ResolvedMetric } from './resolve.js';

export function judgeChangeReason(metric: ResolvedMetric, lock: Lockfile, compiled: CompiledPlan): string {
  const id = metric.judgeId ?? '';
  const { plan, judgeDigests } = compiled.resolved;
  const judge = plan.judges[id];
  const locked = lock.judges?.[id];
  const params = (metric.config ?? {}) as { rubric?: unknown; judge_config?: { judge_rubric?: unknown } };
  const named = params.rubric ?? params.judge_config?.judge_rubric ?? judge?.rubric;
  const rubric = typeof named === 'string' ? named : undefined;
  if (judge && locked && locked.digest !== judgeDigests[id]) {
    const place = judge.url ?? judge.command;
    const endpoint =
      typeof place === 'string'
        ? judge.url
          ? recordedUrl(place)
          : maskCommandCredentials(place)
        : undefined;
    const moved =
      endpoint === undefined || locked.endpoint === endpoint
        ? undefined
        : judge.url
          ? recordedUrlChange(locked.endpoint, endpoint)
          : recordedCommandChange(locked.endpoint, endpoint);
    if (moved !== undefined) return `because judge ${id}'s endpoint changed ${moved}`;
    const folder = commandFolderChange(locked, judge, compiled.resolved.loaded.commandDirs.judges[id]);
    if (folder !== undefined) return `because judge ${id}'s command runs in another folder (${folder})`;
    if (judge.model !== undefined && locked.model !== undefined && locked.model !== judge.model)
      return `because judge ${id}'s model changed (${locked.model} → ${judge.model})`;
    const former = formerOwnRubric(id, locked, compiled);
    if (former !== undefined)
      return `because judge ${id}'s rubric changed (${former ?? 'none'} → ${judge.rubric ?? 'none'})`;
    if (!rubricPinHolds(locked, judge.rubric, metric, compiled)) {
      // Pins of several rubrics are those its metrics used, not a former own rubric (QA164: a
      // rubric deleted and the judge pointed at another read "rubric changed (r1 | r3 → r2)").
      const used = metricRubricName(metric, plan);
      return locked.rubric?.includes(' | ')
        ? `because judge ${id}'s rubrics changed (evalc.lock pins ${locked.rubric} for its metrics; this one is now judged against ${used ?? 'generic, the default'})`
        : `because judge ${id}'s rubric changed (${locked.rubric ?? 'none'} → ${judge.rubric ?? 'none'})`;
    }
    // A rubric its metrics used is gone from the plan: the judge's own rubric: setting may have
    // been it, and the lock does not record that setting (QA164: r3 deleted and `rubric: r1` set
    // read "settings changed (… not its endpoint, model or rubric …)").
    const gone = (locked.rubric?.split(' | ') ?? []).filter(
      (name) =>
        name !== '' &&
        !Object.hasOwn(plan.rubrics, name) &&
        !Object.hasOwn(BUILTIN_RUBRICS, name) &&
        locked.registeredRubrics?.[name] === undefined,
    );
    if (gone.length > 0)
      return `because judge ${id} changed (judges.${id}: its rubric: setting or another, e.g. temperature; rubric ${gone.join(', ')}, which its metrics used, is no longer in the plan)`;
    // The judge's own rubric is in its identity: its definition changed (every metric of the
    // judge re-scores, also one that applies another rubric) — unless one of the lock's tags is
    // still the rubric's: then another setting changed (QA47: a temperature edit read "rubric
    // changed"; QA157: so it did beside a second rubric's tag). With no tag of it (no metric used
    // it) the lock cannot tell which changed.
    const own = judge.rubric !== undefined ? plan.rubrics[judge.rubric] : undefined;
    const tags = locked.rubricVersion?.split(' | ') ?? [];
    if (judge.rubric !== undefined && own && tags.includes(currentRubricVersion(judge.rubric, own)))
      return `because judge ${id}'s settings changed (judges.${id}: not its endpoint, model or rubric; e.g. temperature)`;
    if (judge.rubric !== undefined && own && !tags.some((tag) => rubricNameOf(tag) === judge.rubric))
      return `because judge ${id} changed (judges.${id}, e.g. temperature, or its rubric ${judge.rubric}, which none of its metrics used, so evalc.lock holds no version of it)`;
    if (judge.rubric !== undefined && own)
      return judge.rubric === rubric
        ? `because rubric ${judge.rubric} changed (rubrics.${judge.rubric})`
        : `because judge ${id}'s rubric ${judge.rubric} changed (rubrics.${judge.rubric})`;
    // No plan rubric of its own (none, or a built-in, whose definition is not in its identity):
    // its endpoint, model and rubric setting are as the lock has them, so another setting changed
    // (QA164: DESIGN §2's `llm` with a temperature edit read "because judge llm changed").
    // A lock that does not record them cannot tell.
    const known =
      (endpoint === undefined || locked.endpoint !== undefined) &&
      (judge.model === undefined || locked.model !== undefined);
    return known
      ? `because judge ${id}'s settings changed (judges.${id}: not its endpoint, model or rubric; e.g. temperature)`
      : `because judge ${id} changed`;
  }
  if (rubric !== undefined && plan.rubrics[rubric])
    return `because rubric ${rubric} changed (rubrics.${rubric})`;
  if (rubric !== undefined && locked?.registeredRubrics?.[rubric] !== undefined)
    return `because rubric ${rubric} changed on judge ${id}'s server (its rubricVersion)`;
  return `because judge ${id} changed`;
}

/** The `rubricVersion` a judge reports for plan rubric `name` as the plan defines it now. */
function currentRubricVersion(name: string, rubric: RubricConfig): string {
  return computeRubricVersion(toWireRubric(name, rubric));
}

/**
 * Whether the lock's `rubric` of `metric`'s judge still holds: the judge's own `rubric:` setting,
 * as an evalc before 61bd5f9 pinned it, or the rubrics its metrics use now beside the lock's tags,
 * as build-lock pins it since (QA149: a lock naming the metrics' rubric `course-advice` beside a
 * judge with none, DESIGN §2's `llm`, read "rubric changed (course-advice → none)" for a
 * temperature edit). The rubric this metric uses among those pinned holds too: the judge's other
 * metrics' rubrics are theirs (QA157: a metric added with another rubric beside a temperature edit
 * read "rubric changed (r1 → none)" on the metric whose rubric r1 had not changed).
 */
function rubricPinHolds(
  locked: LockJudge,
  own: string | undefined,
  metric: ResolvedMetric,
  compiled: CompiledPlan,
): boolean {
  if ((locked.rubric ?? '') === (own ?? '')) return true;
  const used = metricRubricName(metric, compiled.resolved.plan);
  if (used !== undefined && (locked.rubric?.split(' | ') ?? []).includes(used)) return true;
  const id = metric.judgeId ?? '';
  const names = new Set<string>();
  for (const { group } of compiled.groups)
    for (const metric of group.metrics) {
      if (metric.judgeId !== id) continue;
      const name = metricRubricName(metric, compiled.resolved.plan);
      if (name !== undefined) names.add(name);
    }
  for (const tag of locked.rubricVersion?.split(' | ') ?? []) names.add(rubricNameOf(tag));
  return (locked.rubric ?? '') === [...names].sort(byText).join(' | ');
}

/**
 * The judge's own `rubric:` setting the lock was written with, when that setting is all that
 * changed: the lock's digest is the judge's identity now with that setting instead (null: none).
 * Since 61bd5f9 the lock pins the rubrics the judge's metrics used, not that setting, so setting
 * `rubric: r2` on a judge whose metric names r1 read "judge llm's rubric r2 changed (rubrics.r2)",
 * though rubrics.r2 was as it had been (QA157).
 */
function formerOwnRubric(id: string, locked: LockJudge, compiled: CompiledPlan): string | null | undefined {
  // Asked for each of the judge's metric rows: its digests are taken once per plan and lock.
  let byLock = formerOwnRubrics.get(compiled);
  if (!byLock) formerOwnRubrics.set(compiled, (byLock = new WeakMap()));
  if (byLock.has(locked)) return byLock.get(locked);
  const former = findFormerOwnRubric(id, locked, compiled);
  byLock.set(locked, former);
  return former;
}

const formerOwnRubrics = new WeakMap<CompiledPlan, WeakMap<LockJudge, string | null | undefined>>();

function findFormerOwnRubric(
  id: string,
  locked: LockJudge,
  compiled: CompiledPlan,
): string | null | undefined {
  const { plan, loaded } = compiled.resolved;
  const judge = plan.judges[id];
  if (!judge) return undefined;
  const { rubric: own, ...rest } = judge;
  // A built-in own rubric (`rubric: generic`) is a setting too (QA164: generic → r3 read "judge
  // llm2 changed (… or its rubric r3 …)", and generic → none "judge llm2 changed").
  const names = new Set([
    ...Object.keys(plan.rubrics),
    ...Object.keys(BUILTIN_RUBRICS),
    ...(locked.rubric?.split(' | ') ?? []),
  ]);
  for (const name of [null, ...[...names].sort(byText)]) {
    if ((name ?? undefined) === own) continue;
    const before = name === null ? rest : { ...rest, rubric: name };
    if (digestOf(judgeIdentity(before, plan, loaded.commandDirs.judges[id])) === locked.digest) return name;
  }
  // A rubric renamed with the judge's setting (r3 → r9, the same definition): the lock's name is
  // gone from the plan (QA164: it read "judge llm2's rubric changed (r1 | r3 → r9)", the lock's
  // pins, and "judge llm2 changed (… its rubric r9, which none of its metrics used …)").
  const definition = own !== undefined ? plan.rubrics[own] : undefined;
  if (definition === undefined) return undefined;
  for (const name of [...names].sort(byText)) {
    if (Object.hasOwn(plan.rubrics, name) || Object.hasOwn(BUILTIN_RUBRICS, name)) continue;
    const renamed = { ...plan, rubrics: { ...plan.rubrics, [name]: definition } };
    const before = { ...rest, rubric: name };
    if (digestOf(judgeIdentity(before, renamed, loaded.commandDirs.judges[id])) === locked.digest)
      return name;
  }
  return undefined;
}
