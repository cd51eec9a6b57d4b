/**
 * report.md: a pull-request comment and $GITHUB_STEP_SUMMARY. Verdict first, failing gates,
 * the task × agent table of the headline metric with CIs, the comparison with the baseline
 * (regressions first), then per-task details folded in <details>. Always under the limit.
 */
import {
  byText,
  formatGateActual,
  formatMeanCi,
  formatMeasure,
  formatScope,
  formatValueCi,
  summarizeDetails,
  summarizeRepeatAnswers,
} from './format.js';
import { diffSections } from './markdown-diff.js';
import { errorsSection, stepCause, withErrorsText } from './markdown-errors.js';
import { fitSections, MARKDOWN_LIMIT, type MarkdownSection, truncationNote } from './markdown-fit.js';
import { code, escapeHtml, escapeHtmlText, escapeMarkdown, shownId } from './markdown-text.js';
import { findScore, gateIcon, type MetricView, type ReportModel, verdictText } from './report-model.js';

function verdictSection(m: ReportModel): MarkdownSection {
  const v = m.verdict;
  const gates = verdictText(v, m.judgeFailureKinds);
  const c = m.counts;
  // The Errors table below counts failed steps: say how many, beside the results they are in (QA81).
  const errored = withErrorsText(m);
  return {
    head: [
      `## ${v.passed ? '✅' : '❌'} evalc — ${escapeMarkdown(m.benchmark.id)} ${escapeMarkdown(m.benchmark.version)}: ${gates}`,
      '',
      `${c.examples} result${c.examples === 1 ? '' : 's'} · ${c.pass} pass · ${c.fail} fail · ${errored} · ${m.agents.length} agent${m.agents.length === 1 ? '' : 's'} × ${m.tasks.length} task${m.tasks.length === 1 ? '' : 's'} · repeats ${m.run.repeats} · seed ${m.run.seed} · evalc ${escapeMarkdown(m.evalc)}`,
      '',
    ],
    items: [],
    tail: [],
  };
}

const GATE_HEAD = '|  | metric | agent | scope | kind | actual | message |';
const GATE_RULE = '|---|---|---|---|---|---:|---|';

function gateLine(g: ReportModel['gates'][number]): string {
  // An example-scope gate names its example: a long id is cut in the scope and the message alike (QA349).
  const scope = shownId(g.scope);
  const message = scope === g.scope ? g.message : g.message.split(g.scope).join(scope);
  return `| ${gateIcon(g)} | ${code(g.metric)} | ${code(g.agent ?? '')} | ${code(scope)} | ${g.kind ?? ''} | ${formatGateActual(g.actual)} | ${escapeMarkdown(message)} |`;
}

function gateSections(m: ReportModel): MarkdownSection[] {
  if (m.gates.length === 0) return [];
  const failing = m.gates.filter((g) => !g.passed);
  const out: MarkdownSection[] = [];
  if (failing.length > 0) {
    out.push({
      head: [`### ❌ Failing gates (${failing.length})`, '', GATE_HEAD, GATE_RULE],
      items: failing.map(gateLine),
      tail: [''],
      noun: 'gates',
      priority: 'keep',
      // at most half of the room while the comparison and the details want it (QA38)
      cap: 0.5,
    });
  }
  const passing = m.gates.filter((g) => g.passed && !g.skipped);
  if (passing.length > 0) {
    out.push({
      head: [`<details><summary>Passing gates (${passing.length})</summary>`, '', GATE_HEAD, GATE_RULE],
      items: passing.map(gateLine),
      tail: ['', '</details>', ''],
      noun: 'gates',
    });
  }
  // A gate that could not be evaluated (a regression gate without --baseline) is never "passing".
  const skipped = m.gates.filter((g) => g.passed && g.skipped);
  if (skipped.length > 0) {
    out.push({
      head: [`<details><summary>Skipped gates (${skipped.length})</summary>`, '', GATE_HEAD, GATE_RULE],
      items: skipped.map(gateLine),
      tail: ['', '</details>', ''],
      noun: 'gates',
    });
  }
  return out;
}

function scoreTable(m: ReportModel): MarkdownSection[] {
  const metric = m.headlineMetric;
  if (metric === null) return [];
  const scopes = ['benchmark', ...m.tasks.map((t) => `task/${t}`)];
  const row = (scope: string) => {
    const label = scope === 'benchmark' ? '**benchmark**' : code(formatScope(scope));
    const cells = m.agents.map((a) => {
      const c = findScore(m, scope, a, metric);
      return c ? formatMeanCi(c.mean, c.ci) : '—';
    });
    return `| ${label} | ${cells.join(' | ')} |`;
  };
  return [
    {
      head: [
        `### Scores — ${code(metric)} (mean, 95% CI)`,
        '',
        `| task | ${m.agents.map(code).join(' | ')} |`,
        `|---|${m.agents.map(() => '---:').join('|')}|`,
      ],
      items: scopes.map(row),
      tail: [''],
      noun: 'rows',
      priority: 'keep',
    },
  ];
}

/** A metric id's unit: its own key only (a metric named `constructor` has none, QA35's ids). */
function unitOfId(m: ReportModel, id: string): string | undefined {
  return m.units && Object.hasOwn(m.units, id) ? m.units[id] : undefined;
}

/** ` USD`, ` turns`: a volatile column's unit after its name, or nothing. */
function unitSuffix(m: ReportModel, id: string): string {
  const unit = unitOfId(m, id);
  return unit ? ` ${escapeMarkdown(unit)}` : '';
}

/**
 * A task's rows of one metric: its score, then its measurement with its unit on a row of its own
 * (`refusal_rate value (refusal rate)`, `steps value (turns)`): a measurement-only metric's mean
 * read as a [0, 1] score, and a scored metric's measurement was in report.json only (QA102).
 */
function metricRows(m: ReportModel, scope: string, id: string): string[] {
  const cells = m.agents.map((a) => findScore(m, scope, a, id));
  const unit = unitOfId(m, id);
  const valueLabel = `| ${code(id)} value${unit ? ` (${escapeMarkdown(unit)})` : ''} |`;
  if (cells.some((c) => c?.measure === 'value'))
    return [`${valueLabel} ${cells.map((c) => (c ? formatValueCi(c.mean, c.ci) : '—')).join(' | ')} |`];
  const rows = [`| ${code(id)} | ${cells.map((c) => (c ? formatMeanCi(c.mean, c.ci) : '—')).join(' | ')} |`];
  if (cells.some((c) => c?.value !== undefined && c.value.n > 0))
    rows.push(
      `${valueLabel} ${cells.map((c) => (c?.value && c.value.n > 0 ? formatValueCi(c.value.mean, c.value.ci) : '—')).join(' | ')} |`,
    );
  return rows;
}

/** A judge's rationale on one line, cut to `max` characters. */
function clip(text: string | undefined, max: number): string | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '')}…` : one;
}

/** Each model's examples by task, in order, built once (a filter per task was quadratic; QA80). */
const byTask = new WeakMap<ReportModel['examples'], Map<string, ReportModel['examples']>>();
function examplesOfTask(m: ReportModel): Map<string, ReportModel['examples']> {
  let index = byTask.get(m.examples);
  if (!index) {
    index = new Map();
    for (const e of m.examples) {
      const list = index.get(e.task);
      if (list) list.push(e);
      else index.set(e.task, [e]);
    }
    byTask.set(m.examples, index);
  }
  return index;
}

/** Each task's pass → fail examples against the baseline (`group/example` ids), indexed once per diff. */
const newlyFailingByTask = new WeakMap<object, Map<string, Set<string>>>();
const NONE: ReadonlySet<string> = new Set();
function newlyFailingIds(m: ReportModel, task: string): ReadonlySet<string> {
  if (!m.diff) return NONE;
  let index = newlyFailingByTask.get(m.diff.flips);
  if (!index) {
    index = new Map();
    for (const f of m.diff.flips) {
      if (f.kind !== 'pass_to_fail') continue;
      const ids = index.get(f.task) ?? new Set();
      ids.add(`${f.group}/${f.example}`);
      index.set(f.task, ids);
    }
    newlyFailingByTask.set(m.diff.flips, index);
  }
  return index.get(task) ?? NONE;
}
function newlyFailing(m: ReportModel, task: string): number {
  return newlyFailingIds(m, task).size;
}

/**
 * Which failing tasks a truncated report.md shows first: with a baseline, the regressed ones (the
 * most pass → fail examples first), then the others; each tier the most failing examples first
 * (QA87). Ranked by failing examples alone, 20 tasks that newly failed one example each were left
 * out behind 209 long-failing ones (QA89). Only admission: the details keep their order.
 */
function failingRank(m: ReportModel, task: string, failing: number): { rank: number; kind: string } {
  const regressed = newlyFailing(m, task);
  if (regressed === 0) return { rank: failing, kind: 'failing task' };
  return { rank: regressed * 1e7 + Math.min(failing, 1e7 - 1), kind: 'regressed task' };
}

/** The failing examples a truncated report.md still shows for each failing task it shows (QA87). */
const FIRST_FAILING = 3;
/** ...unless its metric rows and those lines take more (a 60-agent table): then its first row. */
const FIRST_FAILING_ROOM = 2_000;

function firstFailing(rows: string[], failingLines: string[]): { min?: number } {
  const min = rows.length + 3 + Math.min(FIRST_FAILING, failingLines.length);
  const items = [...rows, '', 'Failing examples:', '', ...failingLines].slice(0, min);
  return Buffer.byteLength(items.join('\n'), 'utf8') <= FIRST_FAILING_ROOM ? { min } : {};
}

/**
 * The "N more" count of a failing task's details cut after `rows + 3 + k` items (its metric rows,
 * a blank line, "Failing examples:", a blank line, then one line per failing example): cut within
 * its rows (QA87's first-row fallback, a 40-agent table), "123 more failing examples" counted the
 * rows and blank lines too (QA88).
 */
function failingTaskMore(rows: number, failing: number): (hidden: number) => string {
  const plural = (n: number, noun: string) => `${n} more ${noun}${n === 1 ? '' : 's'}`;
  return (hidden) => {
    const shown = rows + 3 + failing - hidden;
    const rowsHidden = Math.max(0, rows - shown);
    const examples = plural(Math.min(failing, failing - (shown - rows - 3)), 'failing example');
    return rowsHidden > 0 ? `${plural(rowsHidden, 'metric row')} and ${examples}` : examples;
  };
}

function taskDetails(m: ReportModel, task: string): MarkdownSection[] {
  const examples = examplesOfTask(m).get(task) ?? [];
  const metrics = m.metrics.filter((id) => m.agents.some((a) => findScore(m, `task/${task}`, a, id)));
  // With a baseline, the examples that newly failed (pass → fail) come first and say so: listed in
  // dataset order, one behind three long-failing ones was cut from a truncated report (QA95).
  const fresh = newlyFailingIds(m, task);
  const failing = examples
    .filter((e) => e.status === 'fail' || e.status === 'error')
    .sort((a, b) => Number(fresh.has(b.id)) - Number(fresh.has(a.id)));
  const summary = `${escapeHtmlText(task)} — ${examples.length} result${examples.length === 1 ? '' : 's'}, ${failing.length} failing`;
  const rows = metrics.flatMap((id) => metricRows(m, `task/${task}`, id));
  // The first example of each agent × step × error kind × distinct message says what the error
  // said (a timeout's limit, a crashed process's output, a judge's reason), without the request's
  // URL that took most of the room (QA75: a judge_error's second cause, or a judge's http_500 after
  // the agent's, said nothing); the others repeat only the kind. A judge-backed metric's names its
  // judge where the request was, as the Errors table does (QA364: `judge oj: HTTP 500: …` there,
  // `HTTP 500: …` here).
  const told = new Set<string>();
  const firstMessage = (
    agent: string,
    step: string,
    kind: string,
    message: string | undefined,
    judge?: string,
  ): string => {
    const cause = stepCause(message, judge);
    const id = `${agent}\u0000${step}\u0000${kind}\u0000${cause}`;
    if (cause === '' || told.has(id)) return '';
    told.add(id);
    return `: ${escapeMarkdown(clip(cause, 160) ?? '')}`;
  };
  const failingLines = failing.map((e) => {
    let reasons = 0;
    // A measurement's error (`cost` with no price) decided nothing: after what failed the example,
    // as `also`, and no reason that hides the answer (QA104: it led the line, the answer left out).
    const quiet = m.nonDeciding?.(e.group);
    const isQuiet = (x: MetricView) => x.error !== undefined && quiet?.has(x.id) === true;
    const listed = e.metrics.filter((x) => x.pass === false || x.error !== undefined);
    const describe = (x: MetricView) => {
      if (x.error !== undefined) {
        if (!isQuiet(x)) reasons++;
        const said = (x.details as { error?: { message?: unknown } } | undefined)?.error?.message;
        return `${code(x.id)} (error ${escapeMarkdown(x.error)}${firstMessage(e.agent, x.id, x.error, typeof said === 'string' ? said : undefined, m.judgeOf?.(e.group, x.id))})`;
      }
      const why = summarizeDetails(x.details, 80) ?? clip(x.rationale, 80);
      if (why) reasons++;
      return why ? `${code(x.id)} (${escapeMarkdown(why)})` : code(x.id);
    };
    const failed = listed.filter((x) => !isQuiet(x)).map(describe);
    const also = listed.filter(isQuiet).map(describe);
    const errRepeat = e.repeats.find((r) => r.errorKind !== null);
    const err = errRepeat?.errorKind;
    // When every repeat failed before scoring, its metrics were not computed: the lock records
    // no score (not scored), or a 0 that the aggregates count (QA20: it said "not scored" for a
    // transport error whose 0 was in the table above), never a per-metric failure worth listing.
    const scores = e.metrics.map((x) => x.score).filter((x): x is number => typeof x === 'number');
    const outcome =
      scores.length === 0 ? ' (not scored)' : scores.every((x) => x === 0) ? ' (scored 0)' : undefined;
    const unscored =
      outcome !== undefined && e.repeats.length > 0 && e.repeats.every((r) => r.errorKind !== null);
    const why = [
      err
        ? `error ${code(err)}${unscored ? outcome : ''}${firstMessage(e.agent, 'invoke', err, errRepeat?.record?.error?.message)}`
        : '',
      failed.length > 0 && !unscored ? `failed ${failed.join(', ')}` : '',
      also.length > 0 && !unscored ? `also ${also.join(', ')}` : '',
    ]
      .filter((x) => x !== '')
      .join('; ');
    // When no failed metric says why (exact_match on a scalar keeps no details), what the agent
    // answered is the reason a reviewer looks for.
    const got = unscored || reasons > 0 ? undefined : summarizeRepeatAnswers(e.repeats, 80);
    const flipped = fresh.has(e.id) ? ' (**pass → fail**)' : '';
    return `- ${code(e.agent)} ${escapeMarkdown(`${e.dataset}/${shownId(e.example)}`)}${flipped}${why ? ` — ${why}` : ''}${got ? ` · got ${escapeMarkdown(got)}` : ''}`;
  });
  const out: MarkdownSection[] = [
    {
      head: [
        `<details><summary>${summary}</summary>`,
        '',
        `| metric | ${m.agents.map(code).join(' | ')} |`,
        `|---|${m.agents.map(() => '---:').join('|')}|`,
      ],
      items: [...rows, ...(failingLines.length > 0 ? ['', 'Failing examples:', '', ...failingLines] : [])],
      tail: ['', '</details>', ''],
      noun: failingLines.length > 0 ? 'failing examples' : 'lines',
      ...(failingLines.length > 0 ? { more: failingTaskMore(rows.length, failingLines.length) } : {}),
      // When the report does not fit, a task whose every result passed gives its room first (QA80);
      // a failing task is shown with its metric rows and first failing examples or left out and
      // counted, the tasks with the most failing examples first (QA87: 133 failing tasks showed
      // one metric row each and not one failing example); with a baseline, the regressed tasks
      // first, counted apart when left out ("3 more regressed tasks", QA89).
      spare: failing.length === 0,
      kind: 'passing task',
      ...(failing.length > 0
        ? { ...failingRank(m, task, failing.length), ...firstFailing(rows, failingLines) }
        : {}),
    },
  ];
  return out;
}

/**
 * Latency, tokens and cost per agent × task × dataset, folded: figures that change between
 * identical runs (the lock's `volatile` section), so they are shown, never gated or diffed as results.
 */
function volatileSection(m: ReportModel): MarkdownSection[] {
  const groups = Object.keys(m.volatile).sort(byText);
  if (groups.length === 0) return [];
  const measures = [...new Set(groups.flatMap((g) => Object.keys(m.volatile[g]?.measures ?? {})))].sort(
    byText,
  );
  const rows = groups.map((g) => {
    const v = m.volatile[g]!;
    const cells = [
      v.durationMsMean === undefined ? '—' : String(Math.round(v.durationMsMean)),
      v.durationMsP50 === undefined ? '—' : String(Math.round(v.durationMsP50)),
      v.tokens === undefined ? '—' : String(v.tokens),
      ...measures.map((id) => formatMeasure(v.measures?.[id])),
    ];
    return `| ${code(g)} | ${cells.join(' | ')} |`;
  });
  return [
    {
      head: [
        '<details><summary>Latency, tokens and cost (volatile: they change between identical runs)</summary>',
        '',
        `| ${['agent/task/dataset', 'mean ms', 'p50 ms', 'tokens', ...measures.map((id) => `${code(id)} mean${unitSuffix(m, id)}`)].join(' | ')} |`,
        `|---|---:|---:|---:|${measures.map(() => '---:|').join('')}`,
      ],
      items: rows,
      tail: ['', '</details>', ''],
      noun: 'rows',
    },
  ];
}

export function renderMarkdownReport(m: ReportModel, limit = MARKDOWN_LIMIT): string {
  const sections: MarkdownSection[] = [
    verdictSection(m),
    ...gateSections(m),
    ...scoreTable(m),
    ...errorsSection(m),
    ...volatileSection(m),
  ];
  if (m.diff) sections.push(...diffSections(m.diff));
  // The tasks left out are counted under the heading, where a reviewer starts reading them (QA89).
  if (m.tasks.length > 0)
    sections.push({ head: ['### Details', ''], items: [], tail: [], countsLeftOut: true });
  for (const task of [...m.tasks].sort(byText)) sections.push(...taskDetails(m, task));
  sections.push({
    head: [
      // Rendered from a lock without its cache (`evalc report` elsewhere), report.html has no
      // trajectory to show: say "with trajectories" only when it has one (QA20).
      `<sub>Full report${m.examples.some((e) => e.repeats.some((r) => r.record?.trajectory)) ? ' with trajectories' : ''}: <code>${escapeHtml(m.fullReportPath)}</code> · report.json · junit.xml${m.withoutCache ? " · rendered without the run's cache: no answers, failure reasons or trajectories" : ''}</sub>`,
    ],
    items: [],
    tail: [],
  });
  return fitSections(sections, limit, { note: truncationNote(m.fullReportPath) });
}
