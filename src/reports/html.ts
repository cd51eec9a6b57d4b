/**
 * report.html: one self-contained file (inline CSS, JS and SVG; a CSP forbids any network
 * access at view time). Server-rendered parts escape every value; the example data travels as
 * JSON in `<script type="application/json">` with `<`, `>`, `&` escaped as \u00XX.
 */
import type { LockDiff } from '../lockfile/diff.js';
import { formatDeltaCi } from './delta-ci.js';
import { exampleCounts } from './example-counts.js';
import {
  byText,
  formatDeltaFigure,
  formatDeltaSigned,
  formatGateActual,
  formatMeanCi,
  formatP,
  formatScope,
  formatValueCi,
} from './format.js';
import { type BarChart, renderBarChart } from './html-charts.js';
import { omittedNote, selectHtmlExamples } from './html-embed.js';
import { HTML_SCRIPT } from './html-script.js';
import { HTML_STYLE } from './html-style.js';
import {
  compositionNote,
  deltaArrow,
  failedRegressionGates,
  gateOnlyRegression,
  newlyFailingGates,
  shownDeltas,
  unpairedNote,
} from './markdown-diff.js';
import { withErrorsText } from './markdown-errors.js';
import { escapeHtml as h } from './markdown-text.js';
import { monteCarloFloorNote } from './monte-carlo-floor-note.js';
import { type ExampleView, findScore, type ReportModel, verdictText } from './report-model.js';

/** JSON safe inside a <script> element: no `</script>`, no `<!--`, no line separators. */
export function embedJson(value: unknown): string {
  // One pass over the (megabytes of) JSON, none when nothing needs escaping.
  const json = JSON.stringify(value);
  return UNSAFE_IN_SCRIPT.test(json) ? json.replace(UNSAFE_IN_SCRIPT_ALL, escapeInScript) : json;
}

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/;
const UNSAFE_IN_SCRIPT_ALL = /[<>&\u2028\u2029]/g;

function escapeInScript(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

function taskChart(m: ReportModel): BarChart | null {
  const metric = m.headlineMetric;
  if (metric === null) return null;
  const bars = m.tasks.flatMap((t) =>
    m.agents.flatMap((a) => {
      const c = findScore(m, `task/${t}`, a, metric);
      return c && c.mean !== null ? [{ group: t, series: a, value: c.mean, ci: c.ci }] : [];
    }),
  );
  return {
    id: 'chart-tasks',
    title: `${metric} per task and agent (95% CI)`,
    groups: m.tasks,
    series: m.agents,
    bars,
  };
}

function metricChart(m: ReportModel): BarChart | null {
  const inUnit = m.metrics.filter((id) => {
    const cells = m.agents.map((a) => findScore(m, 'benchmark', a, id)).filter((c) => c && c.mean !== null);
    return (
      cells.length > 0 &&
      cells.every((c) => c && c.measure !== 'value' && c.mean !== null && c.mean >= 0 && c.mean <= 1)
    );
  });
  if (inUnit.length === 0) return null;
  const bars = inUnit.flatMap((id) =>
    m.agents.flatMap((a) => {
      const c = findScore(m, 'benchmark', a, id);
      return c && c.mean !== null ? [{ group: id, series: a, value: c.mean, ci: c.ci }] : [];
    }),
  );
  return {
    id: 'chart-metrics',
    title: 'Benchmark score per metric and agent (95% CI)',
    groups: inUnit,
    series: m.agents,
    bars,
  };
}

/** Gates this many or fewer are listed whole; more, and passing and skipped ones are folded. */
const GATES_UNFOLDED = 12;

function gatesSection(m: ReportModel): string {
  if (m.gates.length === 0) return '';
  const row = (g: ReportModel['gates'][number]) =>
    `<tr class="${!g.passed ? 'gate-fail' : g.skipped ? 'gate-skip' : 'gate-pass'}"><td><span class="badge ${!g.passed ? 'fail' : g.skipped ? 'skip' : 'pass'}">${!g.passed ? 'failed' : g.skipped ? 'skipped' : 'passed'}</span></td><td><code>${h(g.metric)}</code></td><td><code>${h(g.agent ?? '')}</code></td><td><code>${h(g.scope)}</code></td><td>${h(g.kind ?? '')}</td><td class="num">${formatGateActual(g.actual)}</td><td>${h(g.message)}</td></tr>`;
  const table = (gates: ReportModel['gates']) =>
    `<div class="scroll"><table><thead><tr><th></th><th>metric</th><th>agent</th><th>scope</th><th>kind</th><th class="num">actual</th><th>message</th></tr></thead><tbody>${gates.map(row).join('')}</tbody></table></div>`;
  if (m.gates.length <= GATES_UNFOLDED)
    return `<section id="gates"><h2>Gates</h2>${table(m.gates)}</section>`;
  // Many gates (a plan with a gate per task × agent): the failing ones first, the rest folded.
  const failing = m.gates.filter((g) => !g.passed);
  const passing = m.gates.filter((g) => g.passed && !g.skipped);
  const skipped = m.gates.filter((g) => g.passed && g.skipped);
  const folded = (title: string, gates: ReportModel['gates']) =>
    gates.length > 0
      ? `<details><summary>${h(title)} (${gates.length})</summary>${table(gates)}</details>`
      : '';
  return `<section id="gates"><h2>Gates</h2>${failing.length > 0 ? table(failing) : ''}${folded('Passing gates', passing)}${folded('Skipped gates', skipped)}</section>`;
}

function scoreTable(m: ReportModel): string {
  const scopes = ['benchmark', ...m.tasks.map((t) => `task/${t}`)];
  const head = `<tr><th>scope</th><th>metric</th>${m.agents.map((a) => `<th class="num">${h(a)}</th>`).join('')}</tr>`;
  const rows = scopes.flatMap((scope) =>
    m.metrics
      .filter((id) => m.agents.some((a) => findScore(m, scope, a, id)))
      .map((id) => {
        const cells = m.agents
          .map((a) => {
            const c = findScore(m, scope, a, id);
            // A measurement as report.md prints it: `0.0004 [0.0001, 0.0008]` USD, not `0.000 [0.00, 0.00]`.
            const text =
              c?.measure === 'value' ? formatValueCi(c.mean, c.ci) : c ? formatMeanCi(c.mean, c.ci) : '—';
            return `<td class="num">${h(text)}</td>`;
          })
          .join('');
        return `<tr><td>${h(formatScope(scope))}</td><td><code>${h(id)}</code></td>${cells}</tr>`;
      }),
  );
  return `<details><summary>All aggregates (mean, 95% CI)</summary><div class="scroll"><table id="scores-table"><thead>${head}</thead><tbody>${rows.join('')}</tbody></table></div></details>`;
}

/** Baseline vs current of the headline metric per agent at benchmark scope. */
function compareChart(m: ReportModel, diff: LockDiff): string {
  const metric = m.headlineMetric;
  if (metric === null) return '';
  const rows = diff.aggregates
    .filter((d) => d.scope === 'benchmark' && d.metric === metric && d.field === 'score')
    .sort((a, b) => byText(a.agent, b.agent));
  const bars = rows.flatMap((d) => [
    ...(d.old === null ? [] : [{ group: d.agent, series: 'baseline', value: d.old, ci: null }]),
    ...(d.new === null ? [] : [{ group: d.agent, series: 'current', value: d.new, ci: null }]),
  ]);
  if (bars.length === 0) return '';
  return renderBarChart({
    id: 'chart-compare',
    title: `${metric}: baseline vs current (benchmark)`,
    groups: rows.map((d) => d.agent),
    series: ['baseline', 'current'],
    bars,
  });
}

/** A row's verdict, as report.md's deltaMark says it (without its emoji): new and gone aggregates named so, an untested row `—` (QA152). */
function verdictOf(d: LockDiff['aggregates'][number]): string {
  if (d.old === null && d.new !== null) return 'new';
  if (d.new === null && d.old !== null) return 'gone';
  if (d.direction !== 'unchanged') return d.direction;
  return d.method === 'none' ? '—' : 'n.s.';
}

function compareSection(m: ReportModel, diff: LockDiff): string {
  const s = diff.summary;
  const warnings = diff.comparability.map(
    (c) => `<li class="${c.severity}">${c.severity === 'warning' ? '⚠️ ' : ''}${h(c.message)}</li>`,
  );
  // A regression gate tests at its own significance: a row it failed on is not "n.s." here (QA49).
  const gated = failedRegressionGates(diff);
  const shown = shownDeltas(diff, gated);
  // As report.md says under its table: the summary counts every aggregate, the table hides the
  // unchanged ones and the dataset rows that repeat a single-dataset task (QA20).
  const hidden = diff.aggregates.length - shown.length;
  const composition = compositionNote(diff, shown);
  const unpaired = unpairedNote(shown);
  const floor = monteCarloFloorNote(shown, diff.options.significance, diff.options.resamples);
  const notes = [
    composition ? `<p class="empty">${h(composition)}</p>` : '',
    unpaired ? `<p class="empty">${h(unpaired)}</p>` : '',
    floor ? `<p class="empty">${h(floor)}</p>` : '',
    hidden > 0
      ? `<p class="empty">${hidden} other aggregate${hidden === 1 ? '' : 's'} not shown (unchanged, or the same as their task).</p>`
      : '',
  ].join('');
  const deltas = shown.map((d) => {
    const gate = gateOnlyRegression(d, gated);
    const cls =
      d.direction === 'regression' || gate
        ? 'regression'
        : d.direction === 'improvement'
          ? 'improvement'
          : 'ns';
    return `<tr class="delta ${cls}"><td>${h(formatScope(d.scope))}</td><td><code>${h(d.agent)}</code></td><td><code>${h(d.metric)}</code>${d.field === 'value' ? ' (value)' : ''}</td><td class="num">${formatDeltaFigure(d.old, d.field)}</td><td class="num">${formatDeltaFigure(d.new, d.field)}</td><td class="num ${cls}">${deltaArrow(d)} ${formatDeltaSigned(d)}</td><td class="num">${h(formatDeltaCi(d))}</td><td class="num">${h(formatP(d.pValue, diff.options.significance))}</td><td>${gate ? 'gate failed' : verdictOf(d)}</td></tr>`;
  });
  const flips = (kind: 'pass_to_fail' | 'fail_to_pass') =>
    diff.flips
      .filter((f) => f.kind === kind)
      .map(
        (f) =>
          `<li class="flip ${kind}"><code>${h(f.agent)}</code> ${h(`${f.task}/${f.dataset}`)} <b>${h(f.example)}</b>${f.metrics.length ? ` — ${h(f.metrics.join(', '))}` : ''}</li>`,
      )
      .join('');
  const p2f = flips('pass_to_fail');
  // As report.md's verdict line (QA94): green only when examples paired and none flipped pass → fail.
  const newlyFailing = newlyFailingGates(diff);
  const verdictClass =
    s.regressions > 0 || gated.size > 0 || newlyFailing > 0
      ? 'regression'
      : s.passToFail > 0 || diff.examples.pairedIds === 0
        ? 'caution'
        : 'improvement';
  const f2p = flips('fail_to_pass');
  return `<section id="compare"><h2>Comparison with the baseline</h2>
<p><span class="${verdictClass}">${s.regressions} significant regression${s.regressions === 1 ? '' : 's'}</span>${gated.size > 0 ? ` · ${gated.size} failed regression gate${gated.size === 1 ? '' : 's'}` : ''}${newlyFailing > 0 ? ` · ${newlyFailing} newly failing gate${newlyFailing === 1 ? '' : 's'}` : ''} · ${s.improvements} improvement${s.improvements === 1 ? '' : 's'} · ${s.passToFail} pass → fail · ${s.failToPass} fail → pass · ${exampleCounts(diff, false)} (α = ${diff.options.significance})</p>
<div class="charts">${compareChart(m, diff)}</div>
${warnings.length ? `<div class="warn"><b>Pins that changed</b><ul>${warnings.join('')}</ul></div>` : ''}
${deltas.length ? `<div class="scroll"><table id="deltas-table"><thead><tr><th>scope</th><th>agent</th><th>metric</th><th class="num">baseline</th><th class="num">current</th><th class="num">Δ</th><th class="num">95% CI of Δ</th><th class="num">p</th><th></th></tr></thead><tbody>${deltas.join('')}</tbody></table></div>` : '<p class="empty">No aggregate changed.</p>'}${notes}
${p2f ? `<h3>Pass → fail</h3><ul>${p2f}</ul>` : ''}${f2p ? `<h3>Fail → pass</h3><ul>${f2p}</ul>` : ''}
</section>`;
}

/** A sortable column's header: a button inside, so Tab reaches it and Enter or Space sorts (QA275: a th with a click handler alone could not be reached from the keyboard). */
function sortable(key: string, label: string, cls?: string): string {
  return `<th data-sort="${key}"${cls ? ` class="${cls}"` : ''}><button type="button" class="sort">${h(label)}</button></th>`;
}

function pinsSection(m: ReportModel): string {
  const list = (title: string, rec: Record<string, object>) => {
    const items = Object.keys(rec)
      .sort(byText)
      .map(
        (id) => `<tr><td><code>${h(id)}</code></td><td><code>${h(JSON.stringify(rec[id]))}</code></td></tr>`,
      )
      .join('');
    return items
      ? `<h3>${h(title)}</h3><div class="scroll"><table><tbody>${items}</tbody></table></div>`
      : '';
  };
  return `<section id="pins"><details><summary><b>Pins</b> — plan <code>${h(m.planDigest)}</code>, seed ${m.run.seed}, repeats ${m.run.repeats}</summary>${list('Datasets', m.pins.datasets)}${list('Agents', m.pins.agents)}${list('Judges', m.pins.judges)}</details></section>`;
}

function clientData(m: ReportModel, examples: ExampleView[]) {
  return {
    headlineMetric: m.headlineMetric,
    examples: examples.map((e) => ({
      id: e.id,
      agent: e.agent,
      task: e.task,
      dataset: e.dataset,
      example: e.example,
      weight: e.weight,
      status: e.status,
      pass: e.pass,
      durationMs: e.durationMs,
      metrics: e.metrics,
      repeats: e.repeats,
    })),
  };
}

export function renderHtmlReport(m: ReportModel): string {
  const v = m.verdict;
  const verdict = verdictText(v, m.judgeFailureKinds);
  const title = `${m.benchmark.id} ${m.benchmark.version}`;
  const charts = [taskChart(m), metricChart(m)].filter((c) => c !== null).map(renderBarChart);
  const c = m.counts;
  const embed = selectHtmlExamples(m);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>evalc report — ${h(title)}</title>
<style>${HTML_STYLE}</style>
</head>
<body>
<header><h1 id="verdict" data-passed="${v.passed}"><span class="verdict ${v.passed ? 'pass' : 'fail'}">${v.passed ? '✓ passed' : '✗ failed'}</span> ${h(title)}: ${h(verdict)}</h1>
<div class="meta">${c.examples} result${c.examples === 1 ? '' : 's'} · ${c.pass} pass · ${c.fail} fail · ${h(withErrorsText(m))} · ${m.agents.length} agent${m.agents.length === 1 ? '' : 's'} × ${m.tasks.length} task${m.tasks.length === 1 ? '' : 's'} · evalc ${h(m.evalc)}${m.withoutCache ? " · rendered without the run's cache: no answers, failure reasons or trajectories" : ''}</div></header>
<main>
${gatesSection(m)}
<section id="overview"><h2>Scores</h2><div class="charts">${charts.join('')}</div>${scoreTable(m)}</section>
${m.diff ? compareSection(m, m.diff) : ''}
<div class="layout">
<section id="examples"><h2>Examples</h2>
${omittedNote(embed, h)}<div class="controls"><label>Show <select id="filter"><option value="all">all</option><option value="failures">failures</option><option value="errors">errors</option></select></label>
<input id="search" type="search" placeholder="Search agent, task, example, metric…" aria-label="Search examples"><span id="examples-count"></span></div>
<button type="button" id="examples-earlier" hidden></button><div class="scroll"><table id="examples-table"><thead><tr>${sortable('status', 'status')}${sortable('agent', 'agent')}${sortable('task', 'task/dataset')}${sortable('example', 'example')}<th>failed</th>${sortable('score', m.headlineMetric ?? 'score', 'num')}${sortable('duration', 'duration', 'num')}</tr></thead><tbody></tbody></table></div><button type="button" id="examples-more" hidden></button>
</section>
<section id="viewer" tabindex="-1"><h2>Trajectory</h2><p class="empty">Click a row to see the example's messages, tool calls, candidates and scores.</p></section>
</div>
${pinsSection(m)}
</main>
<script type="application/json" id="evalc-data">${embedJson(clientData(m, embed.examples))}</script>
<script>${HTML_SCRIPT}</script>
</body>
</html>
`;
}
