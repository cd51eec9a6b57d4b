/**
 * junit.xml: one <testsuite> per group (agent/task/dataset) with one <testcase> per example ×
 * gated metric (metrics with a `pass` value), plus a `gates` suite with one testcase per gate.
 * A failed metric is a <failure>; an example whose invoke failed is an <error> with its kind.
 * Follows the Jenkins/Ant JUnit schema (junit-10.xsd).
 */
import { gateIdentityScope } from '../lockfile/diff-gates.js';
import {
  byText,
  formatGateActual,
  formatNumber,
  formatValueCi,
  summarizeDetails,
  summarizeRepeatAnswers,
} from './format.js';
import { HTML_TEXT_CHARS } from './html-embed.js';
import { pipelineStep } from './markdown-errors.js';
import type { ExampleView, ReportModel } from './report-model.js';

/**
 * A judge's rationale or an error's message, cut past 20,000 characters as report.html cuts it
 * (QA62: a judge writing megabytes made junit.xml megabytes per failing example); report.json
 * keeps it whole.
 */
function cutText(text: string): string {
  if (text.length <= HTML_TEXT_CHARS) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(HTML_TEXT_CHARS - 1))
    ? HTML_TEXT_CHARS - 1
    : HTML_TEXT_CHARS;
  return `${text.slice(0, end)}… [${text.length - end} more characters cut; report.json has the whole text]`;
}

/** Printable ASCII other than `"`, `&`, `'`, `<`, `>`: text made only of these needs no escaping. */
const PLAIN_XML = /^[\x20-\x21\x23-\x25\x28-\x3b\x3d\x3f-\x7e]*$/;

/**
 * Control characters other than tab, newline and carriage return (C0, DEL, C1) and the bidi
 * embedding/override/isolate controls, spelled `\uXXXX` as report.md spells them (QA62: a U+202E
 * in an example id showed its testcase name reversed in a CI viewer; an ESC became U+FFFD), and
 * the noncharacters U+FFFE and U+FFFF, which XML 1.0 forbids but an example id may hold (QA261:
 * ids `c\uFFFEd` and `c\uFFFFd` both became `c\uFFFDd`, one testcase name for two examples).
 */
const CONTROL =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFFFE\uFFFF]/g;

/** Spells control characters (above), drops the rest XML 1.0 forbids (a lone surrogate: U+FFFD) and escapes. */
export function escapeXml(text: string, attribute = true): string {
  if (PLAIN_XML.test(text)) return text;
  const escaped = text
    .replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
  return attribute ? escaped.replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;') : escaped;
}

interface Case {
  classname: string;
  name: string;
  /** An example's case: the metric it checks (its name is `example · metric`). */
  metric?: string;
  time?: number;
  failure?: { type: string; message: string; body: string };
  error?: { type: string; message: string; body: string };
  /** The case could not be evaluated (a regression gate without a baseline). */
  skipped?: string;
}

function caseXml(c: Case): string {
  return escapedCaseXml(c, escapeXml(c.classname), escapeXml(c.name));
}

/** `caseXml(c)` with its classname and name already escaped (shared by a group's thousands of cases). */
function escapedCaseXml(c: Case, classname: string, name: string): string {
  const time = c.time === undefined ? '' : ` time="${(c.time / 1000).toFixed(3)}"`;
  const open = `    <testcase classname="${classname}" name="${name}"${time}`;
  const problem = c.error
    ? `      <error message="${escapeXml(c.error.message)}" type="${escapeXml(c.error.type)}">${escapeXml(c.error.body, false)}</error>`
    : c.failure
      ? `      <failure message="${escapeXml(c.failure.message)}" type="${escapeXml(c.failure.type)}">${escapeXml(c.failure.body, false)}</failure>`
      : c.skipped !== undefined
        ? `      <skipped message="${escapeXml(c.skipped)}"/>`
        : null;
  return problem === null ? `${open}/>` : `${open}>\n${problem}\n    </testcase>`;
}

interface SuiteCounts {
  tests: number;
  failures: number;
  errors: number;
  skipped?: number;
}

function countCases(cases: Case[], into: SuiteCounts): SuiteCounts {
  for (const c of cases) {
    into.tests++;
    if (c.error) into.errors++;
    else if (c.failure) into.failures++;
    else if (c.skipped !== undefined) into.skipped = (into.skipped ?? 0) + 1;
  }
  return into;
}

/**
 * A report rendered without the run's cache (`evalc report` where `.evalc/cache` is not at hand) has
 * no failure reasons: each suite says so in a property, as report.md's footer and report.html's
 * header do, so a CI reader of a bare `<failure/>` knows why it has no message.
 */
const WITHOUT_CACHE_PROPERTIES =
  '\n    <properties>\n      <property name="evalc.withoutCache" value="rendered without the run\'s cache: no answers, failure reasons or trajectories"/>\n    </properties>';

/** A duration in ms as junit's `time`, in s to 3 decimals. */
function timeAttribute(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? '' : ` time="${(ms / 1000).toFixed(3)}"`;
}

/**
 * An agent/task/dataset suite's `time`: its examples' own durations, each once (the time an
 * example's testcases carry, on its first; QA357). Without it Jenkins and GitLab sum the cases'.
 */
function suiteMs(examples: readonly ExampleView[]): number | undefined {
  let sum: number | undefined;
  for (const e of examples)
    if (e.durationMs !== null && e.durationMs !== undefined) sum = (sum ?? 0) + e.durationMs;
  return sum;
}

function suiteHead(name: string, c: SuiteCounts, withoutCache: boolean, ms?: number): string {
  return `  <testsuite name="${escapeXml(name)}" tests="${c.tests}" failures="${c.failures}" errors="${c.errors}" skipped="${c.skipped ?? 0}"${timeAttribute(ms)}>${withoutCache ? WITHOUT_CACHE_PROPERTIES : ''}`;
}

/**
 * A repeat named as report.md, report.html and this file's `got:` line name it, counting from 1
 * (QA169: `repeat 1: HTTP 500` named the second repeat beside `got: … (repeats 1, 3)`).
 */
function repeatLabel(r: ExampleView['repeats'][number]): string {
  return `repeat ${r.repeat + 1}`;
}

/** The repeat whose error an example's testcases report (the first that failed), if any. */
function errorRepeatOf(e: ExampleView): ExampleView['repeats'][number] | undefined {
  return e.repeats.find((r) => r.errorKind !== null || r.record?.error);
}

/** The testcase of one gated metric of an example (`x.pass` or `x.error` set). */
/**
 * A testcase's classname, `benchmark.agent.task.dataset`: CI viewers (Jenkins, GitLab) read the dots
 * as package levels and key a testcase on classname + name, so a `.` inside an id is written as
 * U+2024 (one dot leader, `search․v2`) — QA261: task `t` with dataset `d.x` and task `t.d` with
 * dataset `x` were both `b.a1.t.d.x`, their examples one testcase each, and `search.v2` a package.
 */
function classnameOf(...ids: string[]): string {
  return ids.map((id) => id.replaceAll('.', '\u2024')).join('.');
}

function metricCase(
  m: ReportModel,
  e: ExampleView,
  x: ExampleView['metrics'][number],
  errorRepeat: ExampleView['repeats'][number] | undefined,
): Case {
  const classname = classnameOf(m.benchmark.id, e.agent, e.task, e.dataset);
  const c: Case = { classname, name: `${e.example} · ${x.id}`, metric: x.id };
  if (e.durationMs !== null) c.time = e.durationMs;
  if (!errorRepeat && x.error !== undefined) {
    // What the metric's error said (a judge's HTTP 503, `no expected value for this example`),
    // as report.md says it: without it a CI test viewer showed only `judge: metric_error` (QA62).
    const said = (x.details as { error?: { message?: unknown } } | undefined)?.error?.message;
    const text =
      typeof said === 'string' && said !== ''
        ? `${x.id}: ${x.error}: ${cutText(said)}`
        : `${x.id}: ${x.error}`;
    c.error = { type: x.error, message: text, body: text };
  } else if (errorRepeat || x.pass === false) {
    const why = summarizeDetails(x.details);
    const got = summarizeRepeatAnswers(e.repeats, 200);
    const detail = `score ${formatNumber(x.score)}${x.value !== undefined ? `, value ${formatValueCi(x.value, null)}` : ''}${x.rationale ? `\njudge: ${cutText(x.rationale)}` : ''}${why ? `\nwhy: ${why}` : ''}${got ? `\ngot: ${got}` : ''}`;
    if (errorRepeat) {
      const kind = errorKindOf(errorRepeat);
      const message = cutText(errorRepeat.record?.error?.message ?? `${pipelineStep(kind)} failed (${kind})`);
      c.error = {
        type: kind,
        message: `${kind}: ${message}`,
        body: `${repeatLabel(errorRepeat)}: ${message}\n${detail}`,
      };
    } else {
      c.failure = { type: x.id, message: `${x.id} failed (${detail.split('\n')[0]})`, body: detail };
    }
  }
  return c;
}

/**
 * The testcase of an example that failed before scoring and has no metric case (every metric a
 * measurement with no pass value: tokens, cost, steps): `<example> · invoke`, an <error> of its
 * kind (QA62: such an example had no testcase, and a CI viewer showed the run green);
 * `<example> · extract` for an `extraction_failed`, the step report.md's Errors table names (QA240).
 */
function errorKindOf(errorRepeat: ExampleView['repeats'][number]): string {
  return errorRepeat.record?.error?.kind ?? errorRepeat.errorKind ?? 'error';
}

function invokeCase(e: ExampleView, errorRepeat: ExampleView['repeats'][number]): Case {
  const kind = errorKindOf(errorRepeat);
  const message = cutText(errorRepeat.record?.error?.message ?? `${pipelineStep(kind)} failed (${kind})`);
  const c: Case = { classname: '', name: '' };
  if (e.durationMs !== null) c.time = e.durationMs;
  c.error = { type: kind, message: `${kind}: ${message}`, body: `${repeatLabel(errorRepeat)}: ${message}` };
  return c;
}

/** What `countCases` counts of an example's testcases (`metricCase` of each gated metric), without building the cases. */
function countExampleCases(e: ExampleView, into: SuiteCounts): void {
  const errored = e.repeats.some((r) => r.errorKind !== null || r.record?.error);
  let cases = 0;
  for (const x of e.metrics) {
    if (x.pass === undefined && x.error === undefined) continue;
    cases++;
    into.tests++;
    if (errored || x.error !== undefined) into.errors++;
    else if (x.pass === false) into.failures++;
  }
  if (errored && cases === 0) {
    into.tests++;
    into.errors++;
  }
}

/**
 * A gate's testcase name is what the gate checks, never its position in `gates:` (a CI's test
 * history tracks a testcase by name: adding a gate must not rename the ones after it). Two gates
 * checking the same thing (two `min` thresholds on one metric) are told apart by ` #2`, ` #3`.
 */
function gateCases(m: ReportModel): Case[] {
  const seen = new Map<string, number>();
  return m.gates.map((g) => {
    const base = `${g.kind ?? 'gate'} ${g.metric} @ ${gateIdentityScope(g.scope)} [${g.agent ?? ''}]`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const c: Case = {
      classname: `${classnameOf(m.benchmark.id)}.gates`,
      name: n === 1 ? base : `${base} #${n}`,
    };
    if (!g.passed)
      c.failure = {
        type: 'gate',
        message: g.message,
        body: `actual ${formatGateActual(g.actual)}: ${g.message}`,
      };
    else if (g.skipped) c.skipped = g.message;
    return c;
  });
}

/**
 * junit.xml in pieces: the totals of the root element are counted first (cases are cheap to
 * rebuild), then every suite and testcase is written as it is rendered, so a 100k-example run
 * never holds all of its testcases as strings.
 */
export function emitJunitReport(m: ReportModel, write: (text: string) => void): void {
  const gates = m.gates.length > 0 ? gateCases(m) : [];
  const byGroup = new Map<string, ExampleView[]>();
  for (const e of m.examples) {
    const list = byGroup.get(e.group);
    if (list) list.push(e);
    else byGroup.set(e.group, [e]);
  }
  const groups = [...byGroup.keys()].sort(byText);
  const escapedMetrics = new Map<string, string>();
  const metricXml = (id: string) => {
    let text = escapedMetrics.get(id);
    if (text === undefined) {
      text = escapeXml(id);
      escapedMetrics.set(id, text);
    }
    return text;
  };
  const total = countCases(gates, { tests: 0, failures: 0, errors: 0 });
  const perGroup = new Map<string, SuiteCounts>();
  for (const group of groups) {
    const counts: SuiteCounts = { tests: 0, failures: 0, errors: 0 };
    for (const e of byGroup.get(group) ?? []) countExampleCases(e, counts);
    perGroup.set(group, counts);
    total.tests += counts.tests;
    total.failures += counts.failures;
    total.errors += counts.errors;
  }
  write(
    `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${escapeXml(`evalc ${m.benchmark.id} ${m.benchmark.version}`)}" tests="${total.tests}" failures="${total.failures}" errors="${total.errors}">`,
  );
  if (gates.length > 0) {
    write(`\n${suiteHead('gates', countCases(gates, { tests: 0, failures: 0, errors: 0 }), m.withoutCache)}`);
    for (const c of gates) write(`\n${caseXml(c)}`);
    write('\n  </testsuite>');
  }
  for (const group of groups) {
    const counts = perGroup.get(group);
    if (!counts || counts.tests === 0) continue;
    write(`\n${suiteHead(group, counts, m.withoutCache, suiteMs(byGroup.get(group) ?? []))}`);
    const lines: string[] = [];
    // A testcase's name is `example · metric`; escaping is per character, so its parts are
    // escaped apart: the metric ids once, the classname once per group (it is the group's
    // agent, task and dataset). A passing case (nearly all) is written without a Case object.
    let lastGroup: string | undefined;
    let classname = '';
    for (const e of byGroup.get(group) ?? []) {
      if (e.group !== lastGroup) {
        classname = escapeXml(classnameOf(m.benchmark.id, e.agent, e.task, e.dataset));
        lastGroup = e.group;
      }
      const example = escapeXml(e.example);
      // The example's duration is on its first testcase only: Jenkins and GitLab add up a suite's
      // testcases, so each metric's case carrying it counted the example once per metric (QA357).
      let time = timeAttribute(e.durationMs);
      const errorRepeat = errorRepeatOf(e);
      let cases = 0;
      for (const x of e.metrics) {
        if (x.pass === undefined && x.error === undefined) continue;
        cases++;
        const name = `${example} · ${metricXml(x.id)}`;
        if (!errorRepeat && x.error === undefined && x.pass !== false)
          lines.push(`    <testcase classname="${classname}" name="${name}"${time}/>`);
        else {
          const c = metricCase(m, e, x, errorRepeat);
          if (cases > 1) delete c.time;
          lines.push(escapedCaseXml(c, classname, name));
        }
        time = '';
      }
      if (errorRepeat && cases === 0)
        lines.push(
          escapedCaseXml(
            invokeCase(e, errorRepeat),
            classname,
            `${example} · ${pipelineStep(errorKindOf(errorRepeat))}`,
          ),
        );
      if (lines.length >= 1000) write(`\n${lines.splice(0).join('\n')}`);
    }
    if (lines.length > 0) write(`\n${lines.join('\n')}`);
    write('\n  </testsuite>');
  }
  write('\n</testsuites>\n');
}

export function renderJunitReport(m: ReportModel): string {
  const parts: string[] = [];
  emitJunitReport(m, (text) => parts.push(text));
  return parts.join('');
}
