/**
 * The comparison against a baseline in Markdown: comparability warnings, aggregate deltas
 * (regressions first) with arrows and significance, example flips, volatile figures out of
 * tolerance. Used by report.md and by `evalc diff --format md`.
 */
import type { AggregateDelta, ExampleFlip, GateChange, LockDiff } from '../lockfile/diff.js';
import { formatDeltaCi } from './delta-ci.js';
import { errorsNote } from './diff-errors-note.js';
import { exampleCounts } from './example-counts.js';
import {
  formatDeltaFigure,
  formatDeltaSigned,
  formatP,
  formatScope,
  formatSigned,
  volatileFigure,
} from './format.js';
import { fitSections, MARKDOWN_LIMIT, type MarkdownSection } from './markdown-fit.js';
import { code, codeText, escapeMarkdown, listIds, shownId } from './markdown-text.js';
import { monteCarloFloorNote } from './monte-carlo-floor-note.js';

/** ▲/▼ for the numeric direction; the colour says whether it is better or worse. */
export function deltaArrow(d: AggregateDelta): string {
  if (d.delta === null || formatDeltaSigned(d).startsWith('±')) return '·';
  return d.delta > 0 ? '▲' : '▼';
}

export function deltaMark(d: AggregateDelta): string {
  if (d.old === null && d.new !== null) return 'new';
  if (d.new === null && d.old !== null) return 'gone';
  if (d.direction === 'regression') return '🔴 regression';
  if (d.direction === 'improvement') return '🟢 improvement';
  // A row no test judged (a value beside its score, QA138) has no verdict: "n.s." said it was tested (QA152).
  return d.method === 'none' ? '—' : 'n.s.';
}

function testLabel(d: AggregateDelta): string {
  if (d.method === 'mcnemar') return `McNemar (${d.discordant?.b ?? 0}↓ ${d.discordant?.c ?? 0}↑)`;
  if (d.method === 'paired_bootstrap') return 'paired bootstrap';
  // A Monte Carlo p is an estimate over run.bootstrap sign patterns, floored at 1/(B + 1) (QA81).
  if (d.method === 'sign_flip')
    return d.pValueMethod === 'monte_carlo' ? 'sign-flip (Monte Carlo)' : 'sign-flip';
  return '—';
}

/**
 * Aggregates a regression gate of this run failed on (report.md with `apply --baseline`): the gate
 * tests at its own `regression.significance`, the table at `run.significance`, so a row the table
 * calls n.s. can be the regression that fails the PR (QA49). Keyed as `deltaKey` keys a delta.
 */
export function failedRegressionGates(diff: LockDiff): Set<string> {
  const keys = diff.gates
    .filter((g) => g.kind === 'regression' && g.new === 'failed')
    .map((g) => `${g.scope.replace(':', '/')}\u0000${g.agent}\u0000${g.metric}`);
  return new Set(keys);
}

/**
 * Gates other than regression gates (min, max…) that pass or were absent in the baseline and fail
 * now: a diff whose verdict read ✅ above "❌ min exact_match at benchmark (a3): absent → failed"
 * under Gates that changed read as all clear (QA169). Regression gates are counted apart; one that
 * failed in the baseline too, its bound moved (`failed (min 0.7 → 0.8)`), is not newly failing (QA174).
 */
export function newlyFailingGates(diff: LockDiff): number {
  return diff.gates.filter((g) => g.kind !== 'regression' && g.new === 'failed' && g.old !== 'failed').length;
}

function deltaKey(d: AggregateDelta): string {
  return `${d.scope}\u0000${d.agent}\u0000${d.metric}`;
}

/** A delta the table finds not significant but a failing regression gate judged a regression. */
export function gateOnlyRegression(d: AggregateDelta, gated: Set<string>): boolean {
  return d.field === 'score' && d.direction !== 'regression' && gated.has(deltaKey(d));
}

function deltaRow(d: AggregateDelta, gated: Set<string> = new Set(), alpha?: number): string {
  const field = d.field === 'value' ? ' (value)' : '';
  return `| ${gateOnlyRegression(d, gated) ? '🔴 gate failed' : deltaMark(d)} | ${code(formatScope(d.scope))} | ${code(d.agent)} | ${code(d.metric)}${field} | ${formatDeltaFigure(d.old, d.field)} | ${formatDeltaFigure(d.new, d.field)} | ${deltaArrow(d)} ${formatDeltaSigned(d)} | ${formatDeltaCi(d)} | ${formatP(d.pValue, alpha)} | ${testLabel(d)} |`;
}

function flipLine(f: ExampleFlip): string {
  const metrics = f.metrics.length > 0 ? ` — ${f.metrics.map(code).join(', ')}` : '';
  const errors = f.errors
    ? ` · ${f.kind === 'pass_to_fail' ? 'error' : 'error before'}: ${f.errors.map(code).join(', ')}`
    : '';
  return `- ${code(f.agent)} ${escapeMarkdown(`${f.task}/${f.dataset}`)} **${escapeMarkdown(shownId(f.example))}**${metrics}${errors}`;
}

/**
 * Dataset scopes of tasks with a single dataset repeat the task's figures — when the task's row is
 * there (an `--only t/d` comparison has the dataset's rows alone, QA70).
 */
function singleDatasetScopes(diff: LockDiff): Set<string> {
  const perTask = new Map<string, string[]>();
  const tasks = new Set(
    diff.aggregates.filter((d) => d.scope.startsWith('task/')).map((d) => d.scope.slice(5)),
  );
  for (const d of diff.aggregates) {
    if (!d.scope.startsWith('dataset/')) continue;
    const task = d.scope.slice(8).split('/')[0] ?? '';
    if (!tasks.has(task)) continue;
    const list = perTask.get(task) ?? [];
    if (!list.includes(d.scope)) list.push(d.scope);
    perTask.set(task, list);
  }
  return new Set([...perTask.values()].filter((l) => l.length === 1).flat());
}

/**
 * Changed aggregates: everything significant, and non-significant deltas that are not zero;
 * without the dataset rows that repeat a single-dataset task. `gated` (report.md, report.html:
 * their `gate failed` mark) makes a failed regression gate part of a row's verdict.
 */
export function shownDeltas(diff: LockDiff, gated: Set<string> = new Set()): AggregateDelta[] {
  const repeats = singleDatasetScopes(diff);
  // Its task's verdict, to hide a dataset row only where it says the same: each scope draws its own
  // Monte Carlo stream, so a p near α can be significant at one and not the other (QA154: "1
  // significant regression" above rows that were all n.s., the hidden one said "the same"); and a
  // regression gate at dataset scope marks the dataset row alone (QA156: "1 failed regression gate"
  // above n.s. rows, the one it failed on hidden as "the same as their task").
  const verdict = (d: AggregateDelta) => `${d.direction}\u0000${gateOnlyRegression(d, gated)}`;
  const verdicts = new Map(
    diff.aggregates
      .filter((d) => d.scope.startsWith('task/'))
      .map((d) => [`${d.scope.slice(5)}\u0000${d.agent}\u0000${d.metric}\u0000${d.field}`, verdict(d)]),
  );
  const repeatsTask = (d: AggregateDelta) =>
    repeats.has(d.scope) &&
    verdicts.get(`${d.scope.slice(8).split('/')[0]}\u0000${d.agent}\u0000${d.metric}\u0000${d.field}`) ===
      verdict(d);
  return diff.aggregates.filter(
    (d) =>
      !repeatsTask(d) &&
      (d.significant ||
        gateOnlyRegression(d, gated) ||
        (d.delta !== null && !formatDeltaSigned(d).startsWith('±')) ||
        // an aggregate only one run has: a metric, agent or dataset added or removed
        (d.old === null) !== (d.new === null)),
  );
}

/** What an `apply --only` comparison covers (`evalc diff` of an only-lock and a whole lock). */
export function selectionNote(selection: NonNullable<LockDiff['selection']>): string {
  return `Compared: only ${selection.only}, the part the ${selection.lock} lock ran (it is the lock of an apply --only ${selection.only}); the rest of the ${selection.lock === 'old' ? 'new' : 'old'} lock is not compared.`;
}

/**
 * Examples both runs have, with a figure in one run only (a failed invoke measures no `steps`; a
 * metric added to one task of several, QA90): the aggregates' Δ counts them, the test does not — a Δ
 * of −0.667 beside a CI of [0, 0] (QA54).
 */
export function unpairedNote(deltas: readonly AggregateDelta[]): string | undefined {
  const most = new Map<string, number>();
  for (const d of deltas) {
    if (!d.unpaired) continue;
    const key = `${d.metric} (${d.agent}`;
    most.set(key, Math.max(most.get(key) ?? 0, d.unpaired));
  }
  if (most.size === 0) return undefined;
  const list = [...most].map(([key, n]) => `${key}: ${n})`).join(', ');
  return `Δ also counts examples with a value in one run only (a failed invoke measures nothing, an errored metric or judge scores nothing; a metric added to or removed from a task scores one run only): ${list}; the CI, p and verdict test the examples with a value in both runs (their change, where it is not Δ, is the paired Δ beside the CI).`;
}

/**
 * With examples only one run has, Δ (of the aggregates) and the test (of the paired examples)
 * measure different sets: say so under the table, or a Δ outside its own CI reads as an error.
 */
export function compositionNote(diff: LockDiff, shown?: readonly AggregateDelta[]): string | undefined {
  const { added, removed, pairedIds } = diff.examples;
  if (added === 0 && removed === 0) return undefined;
  // Every row shown `new` or `gone` (an agent, a task or a dataset added, removed or renamed) has
  // no Δ to explain (QA90: the note said Δ "include 26 new example(s)" under a table of `new` rows).
  if (shown && !shown.some((d) => d.delta !== null)) return undefined;
  // Counted in examples, as the summary line and the New/Gone lists count them (QA158: "2 new" rows).
  const [fresh, gone] = [diff.examples.new?.length ?? 0, diff.examples.gone?.length ?? 0];
  const parts = [fresh > 0 ? `${fresh} new` : '', gone > 0 ? `${gone} gone` : ''].filter(Boolean);
  // Rows no new or gone id explains: an agent added to or removed from examples the other agents keep.
  const agentOnly = (added > 0 && fresh === 0) || (removed > 0 && gone === 0);
  const which = [
    // "1 new example", "1 new and 2 gone examples" (QA164: "example(s)" beside "3 paired examples")
    parts.length > 0
      ? `${parts.join(' and ')} example${parts.length === 1 && fresh + gone === 1 ? '' : 's'}`
      : '',
    agentOnly ? 'examples an agent ran in one run only' : '',
  ]
    .filter(Boolean)
    .join(' and ');
  return `Δ compares the two runs' aggregates, which include ${which}; the CI, p and verdict test the ${pairedIds} paired example${pairedIds === 1 ? '' : 's'} only (their change, where it is not Δ, is the paired Δ beside the CI).`;
}

/**
 * The verdict line counts every significant aggregate; the table hides the dataset rows that repeat
 * a single-dataset task's: say how many of those are significant, as `evalc diff`'s text does (QA49).
 */
function hiddenNote(diff: LockDiff, shown: readonly AggregateDelta[]): string {
  const n = diff.aggregates.filter((d) => d.significant && !shown.includes(d)).length;
  return n > 0 ? `; ${n} of them significant, at dataset scope, the same as their single-dataset task's` : '';
}

/**
 * ❌ for a significant regression, a failed regression gate or a gate that fails now and did not
 * before; ⚠️ when examples flipped pass → fail without any of them (too few to be significant, yet
 * a reviewer should look: a ✅ beside '3 pass → fail' read as all clear, QA91); ✅ otherwise.
 */
function verdictIcon(
  regressions: number,
  gatedRegressions: number,
  passToFail: number,
  paired: number,
  newlyFailing: number,
): string {
  if (regressions > 0 || gatedRegressions > 0 || newlyFailing > 0) return '❌';
  // QA94: no example paired (another plan, every task renamed): nothing was compared, not all clear.
  return passToFail > 0 || paired === 0 ? '⚠️' : '✅';
}

export function diffSections(diff: LockDiff, heading = '###'): MarkdownSection[] {
  const s = diff.summary;
  const sections: MarkdownSection[] = [];
  const alpha = diff.options.significance;
  const gated = failedRegressionGates(diff);
  const newlyFailing = newlyFailingGates(diff);
  sections.push({
    head: [
      `${heading} Changes vs baseline`,
      '',
      `${verdictIcon(s.regressions, gated.size, s.passToFail, diff.examples.pairedIds, newlyFailing)} **${s.regressions}** significant regression${s.regressions === 1 ? '' : 's'}${gated.size > 0 ? ` · **${gated.size}** failed regression gate${gated.size === 1 ? '' : 's'}` : ''}${newlyFailing > 0 ? ` · **${newlyFailing}** newly failing gate${newlyFailing === 1 ? '' : 's'}` : ''} · **${s.improvements}** improvement${s.improvements === 1 ? '' : 's'} · **${s.passToFail}** pass → fail · **${s.failToPass}** fail → pass${errorsNote(s.errors, ' · ')} · ${exampleCounts(diff)} (α = ${alpha})`,
      '',
    ],
    items: [],
    tail: [],
  });
  const warnings = diff.comparability.filter((c) => c.severity === 'warning');
  const infos = diff.comparability.filter((c) => c.severity === 'info');
  if (warnings.length > 0) {
    sections.push({
      head: ['> [!WARNING]', '> Not strictly comparable — these pins changed between the runs:'],
      items: warnings.map((c) => `> - ${escapeMarkdown(c.message)}`),
      tail: [''],
      noun: 'changes',
    });
  }
  if (infos.length > 0) {
    sections.push({
      head: ['What changed between the runs:'],
      items: infos.map((c) => `- ${escapeMarkdown(c.message)}`),
      tail: [''],
      noun: 'changes',
    });
  }
  const deltas = shownDeltas(diff, gated);
  const hidden = diff.aggregates.length - deltas.length;
  if (deltas.length > 0) {
    sections.push({
      head: [
        '|  | scope | agent | metric | baseline | current | Δ | 95% CI of Δ | p | test |',
        '|---|---|---|---|---:|---:|---:|---|---:|---|',
      ],
      items: deltas.map((d) => deltaRow(d, gated, alpha)),
      tail: [
        '',
        ...(deltas.some((d) => gateOnlyRegression(d, gated))
          ? [
              `_🔴 gate failed: a regression gate failed on this aggregate at its own significance (\`regression.significance\`, in its message above); this table tests at α = ${alpha}._`,
              '',
            ]
          : []),
        // McNemar counts flipped pass/fail examples; the CI resamples every pair's change: near the
        // threshold one can exclude 0 while the other is not significant (QA16).
        ...(deltas.some((d) => d.method === 'mcnemar')
          ? [
              '_p and test: exact McNemar on the examples whose pass/fail flipped, or the paired sign-flip test; the CI is a paired bootstrap of the change — near the threshold the two can disagree, and the verdict follows p._',
              '',
            ]
          : []),
        ...(compositionNote(diff, deltas) ? [`_${compositionNote(diff, deltas)}_`, ''] : []),
        ...(unpairedNote(deltas) ? [`_${unpairedNote(deltas)}_`, ''] : []),
        ...(monteCarloFloorNote(deltas, alpha, diff.options.resamples)
          ? [`_${monteCarloFloorNote(deltas, alpha, diff.options.resamples)}_`, '']
          : []),
        ...(hidden > 0
          ? [
              `_${hidden} other aggregate${hidden === 1 ? '' : 's'} not shown (unchanged, or the same as their task${hiddenNote(diff, deltas)})._`,
              '',
            ]
          : []),
      ],
      noun: 'rows',
      // regressions first: the table a reviewer reads, given more room than the sections after it
      weight: 12,
    });
  } else {
    sections.push({ head: ['No aggregate changed.', ''], items: [], tail: [] });
  }
  const named = [
    diff.examples.new
      ? `**New examples (${diff.examples.new.length}):** ${listIds(diff.examples.new, codeText)}`
      : '',
    diff.examples.gone
      ? `**Gone examples (${diff.examples.gone.length}):** ${listIds(diff.examples.gone, codeText)}`
      : '',
    diff.examples.changed
      ? `**Changed examples (${diff.examples.changed.length}):** ${listIds(diff.examples.changed, codeText)}`
      : '',
  ].filter(Boolean);
  if (named.length > 0) sections.push({ head: [named.join(' · '), ''], items: [], tail: [] });
  const p2f = diff.flips.filter((f) => f.kind === 'pass_to_fail');
  const f2p = diff.flips.filter((f) => f.kind === 'fail_to_pass');
  if (p2f.length > 0) {
    sections.push({
      head: [`**Pass → fail (${p2f.length})**`, ''],
      items: p2f.map(flipLine),
      tail: [''],
      noun: 'examples',
      weight: 4,
    });
  }
  if (f2p.length > 0) {
    sections.push({
      head: [`**Fail → pass (${f2p.length})**`, ''],
      items: f2p.map(flipLine),
      tail: [''],
      noun: 'examples',
    });
  }
  // A regression gate is skipped in a run without --baseline (main's committed lock, usually) and
  // evaluated in the PR's run with one: skipped → passed says nothing changed, so it is one line.
  const nowEvaluated = diff.gates.filter((g) => g.old === 'skipped' && g.new === 'passed');
  const changed = diff.gates.filter((g) => !nowEvaluated.includes(g));
  if (changed.length > 0) {
    sections.push({
      head: [`**Gates that changed (${changed.length})**`, ''],
      items: changed.map((g) => `- ${g.new === 'failed' ? '❌ ' : ''}${gateChangeText(g, code)}`),
      tail: [''],
      noun: 'gates',
    });
  }
  if (nowEvaluated.length > 0) {
    sections.push({
      head: [
        `_${nowEvaluated.length} gate${nowEvaluated.length === 1 ? '' : 's'} skipped in the baseline run (no baseline of its own) passed in this one._`,
        '',
      ],
      items: [],
      tail: [],
    });
  }
  const drift = diff.volatile.filter((v) => !v.withinTolerance);
  if (drift.length > 0) {
    sections.push({
      head: [
        `<details><summary>Volatile figures outside ±${Math.round(diff.options.volatileTolerance * 100)}% (${drift.length})</summary>`,
        '',
        '| group | figure | baseline | current | change |',
        '|---|---|---:|---:|---:|',
      ],
      items: drift.map(
        (v) =>
          `| ${code(v.subject)} | ${code(v.field)} | ${volatileFigure(v.old)} | ${volatileFigure(v.new)} | ${v.new === null ? 'not measured' : v.old === null ? 'newly measured' : v.relative === null ? 'new' : `${formatSigned(v.relative * 100, 0)}%`} |`,
      ),
      tail: ['', '</details>', ''],
      noun: 'rows',
    });
  }
  return sections;
}

/**
 * `min exact_match at benchmark (a1): passed → failed`, with a changed bound `passed (min 0.5 → 0.7)`
 * or `passed → failed (min 0.5 → 0.7)`; `mark` formats ids (code spans in Markdown).
 */
export function gateChangeText(g: GateChange, mark: (text: string) => string = (t) => t): string {
  const outcome = g.old === g.new ? `${g.old}` : `${g.old ?? 'absent'} → ${g.new ?? 'absent'}`;
  const name = g.kind === 'regression' ? 'max_drop' : g.kind;
  const bound = g.bound ? ` (${name} ${g.bound.old} → ${g.bound.new})` : '';
  return `${g.kind} ${mark(g.metric)} at ${mark(formatScope(g.scope))} (${mark(g.agent)}): ${outcome}${bound}`;
}

/** `evalc diff --format md`. */
export function renderMarkdownDiff(diff: LockDiff, limit = MARKDOWN_LIMIT): string {
  const title =
    diff.benchmark.old === diff.benchmark.new
      ? diff.benchmark.new
      : `${diff.benchmark.old} → ${diff.benchmark.new}`;
  const sections = diffSections(diff, '##');
  const first = sections[0];
  if (first) first.head[0] = `## evalc diff — ${escapeMarkdown(title)}`;
  if (first && diff.selection) first.head.push(escapeMarkdown(selectionNote(diff.selection)), '');
  // A diff's full text is `evalc diff`'s own JSON, not a run's report.html.
  return fitSections(sections, limit, {
    note: '> ✂️ This comparison was truncated to fit a pull-request comment. The full comparison is `evalc diff --format json` (every field).',
  });
}
