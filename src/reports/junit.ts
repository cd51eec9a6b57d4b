/**
 * junit.xml: one <testsuite> per group (agent/task/dataset) with one <testcase> per example ×
 * gated metric (metrics with a `pass` value), plus a `gates` suite with one testcase per gate.
 * A failed metric is a <failure>; an example whose invoke failed is an <error> with its kind.
 * Follows the Jenkins/Ant JUnit schema (junit-10.xsd).
 */
import { byText, formatNumber } from './format.js';
import type { ExampleView, ReportModel } from './report-model.js';

/** Drops characters XML 1.0 forbids and escapes the rest for text and attribute values. */
export function escapeXml(text: string, attribute = true): string {
  const escaped = text
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
  time?: number;
  failure?: { type: string; message: string; body: string };
  error?: { type: string; message: string; body: string };
}

function caseXml(c: Case): string {
  const time = c.time === undefined ? '' : ` time="${(c.time / 1000).toFixed(3)}"`;
  const open = `    <testcase classname="${escapeXml(c.classname)}" name="${escapeXml(c.name)}"${time}`;
  const problem = c.error
    ? `      <error message="${escapeXml(c.error.message)}" type="${escapeXml(c.error.type)}">${escapeXml(c.error.body, false)}</error>`
    : c.failure
      ? `      <failure message="${escapeXml(c.failure.message)}" type="${escapeXml(c.failure.type)}">${escapeXml(c.failure.body, false)}</failure>`
      : null;
  return problem === null ? `${open}/>` : `${open}>\n${problem}\n    </testcase>`;
}

function suiteXml(name: string, cases: Case[]): string {
  const failures = cases.filter((c) => c.failure && !c.error).length;
  const errors = cases.filter((c) => c.error).length;
  const head = `  <testsuite name="${escapeXml(name)}" tests="${cases.length}" failures="${failures}" errors="${errors}" skipped="0">`;
  return [head, ...cases.map(caseXml), '  </testsuite>'].join('\n');
}

function exampleCases(m: ReportModel, e: ExampleView): Case[] {
  const classname = `${m.benchmark.id}.${e.agent}.${e.task}.${e.dataset}`;
  const errorRepeat = e.repeats.find((r) => r.errorKind !== null || r.record?.error);
  return e.metrics
    .filter((x) => x.pass !== undefined)
    .map((x) => {
      const c: Case = { classname, name: `${e.example} · ${x.id}` };
      if (e.durationMs !== null) c.time = e.durationMs;
      const detail = `score ${formatNumber(x.score)}${x.value !== undefined ? `, value ${formatNumber(x.value)}` : ''}${x.rationale ? `\njudge: ${x.rationale}` : ''}`;
      if (errorRepeat) {
        const kind = errorRepeat.record?.error?.kind ?? errorRepeat.errorKind ?? 'error';
        const message = errorRepeat.record?.error?.message ?? `invoke failed (${kind})`;
        c.error = {
          type: kind,
          message: `${kind}: ${message}`,
          body: `repeat ${errorRepeat.repeat}: ${message}\n${detail}`,
        };
      } else if (x.pass === false) {
        c.failure = { type: x.id, message: `${x.id} failed (${detail.split('\n')[0]})`, body: detail };
      }
      return c;
    });
}

function gateCases(m: ReportModel): Case[] {
  return m.gates.map((g, i) => {
    const c: Case = {
      classname: `${m.benchmark.id}.gates`,
      name: `${i + 1}. ${g.kind ?? 'gate'} ${g.metric} @ ${g.scope} [${g.agent ?? ''}]`,
    };
    if (!g.passed)
      c.failure = {
        type: 'gate',
        message: g.message,
        body: `actual ${formatNumber(g.actual)}: ${g.message}`,
      };
    return c;
  });
}

export function renderJunitReport(m: ReportModel): string {
  const suites: { name: string; cases: Case[] }[] = [];
  if (m.gates.length > 0) suites.push({ name: 'gates', cases: gateCases(m) });
  const groups = [...new Set(m.examples.map((e) => e.group))].sort(byText);
  for (const group of groups) {
    const cases = m.examples.filter((e) => e.group === group).flatMap((e) => exampleCases(m, e));
    if (cases.length > 0) suites.push({ name: group, cases });
  }
  const all = suites.flatMap((s) => s.cases);
  const failures = all.filter((c) => c.failure && !c.error).length;
  const errors = all.filter((c) => c.error).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(`evalc ${m.benchmark.id} ${m.benchmark.version}`)}" tests="${all.length}" failures="${failures}" errors="${errors}">`,
    ...suites.map((s) => suiteXml(s.name, s.cases)),
    '</testsuites>',
    '',
  ].join('\n');
}
