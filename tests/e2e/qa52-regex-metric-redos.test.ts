/**
 * QA52: the `regex` metric ran the plan's pattern on V8's backtracking engine against the
 * agent's answer. `^Courses for (a+)+$` against "Courses for aaa…ab" (a RAIP agent echoing the
 * query) blocked evalc for minutes, Ctrl-C included (no signal handler runs during a regex).
 * Such a pattern now runs on RE2 (linear time) with the same verdicts; one RE2 cannot run
 * (a lookaround) is refused by `validate` at its line, and, from a dataset (`expected:`), is
 * its example's metric error. Real loopback RAIP agent (tests/fixtures/raip-agent.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startRaipAgent } from '../fixtures/raip-agent.js';
import { runCli, useAgent } from './apply-harness.js';

const ctx = useAgent(() => startRaipAgent());

/** About 5 s on V8's engine for the old code (each further `a` doubles it). */
const EVIL_QUERY = `${'a'.repeat(27)}b`;

function writeWorkspace(
  prefix: string,
  metric: Record<string, unknown>,
  expected: Record<string, string> = {},
): string {
  const dir = ctx.workspace(prefix);
  const rows = [
    { id: 'fits', vars: { q: 'aaaa' }, expected },
    { id: 'evil', vars: { q: EVIL_QUERY }, expected },
  ];
  writeFileSync(path.join(dir, 'd1.jsonl'), `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
  const plan = [
    'evalc: 1',
    'benchmark: { id: redos, version: 1.0.0 }',
    'agents:',
    `  a1: { protocol: raip, url: "${ctx.agent.url}", limits: { timeout: 5s, retries: 0 } }`,
    'tasks:',
    '  t1:',
    '    bindings:',
    '      default:',
    '        input: { query: "{{q}}" }',
    '        output: { answer: output.answer }',
    '    datasets: { d1: { source: d1.jsonl } }',
    '    metrics:',
    `      - ${JSON.stringify(metric)}`,
    'metrics: [{ type: pass_rate }]',
    '',
  ].join('\n');
  writeFileSync(path.join(dir, 'evalc.yaml'), plan);
  return dir;
}

function resultsOf(dir: string): { example: string; metrics?: unknown }[] {
  const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as {
    results: { example: string; metrics?: unknown }[];
  };
  return lock.results;
}

describe('regex metric patterns that backtrack exponentially (ReDoS)', () => {
  it('scores an answer against a nested-quantifier pattern without hanging', async () => {
    const dir = writeWorkspace('redos-metric', {
      type: 'regex',
      candidate: 'answer',
      pattern: '^Courses for (a+)+$',
    });
    const run = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: dir, timeoutMs: 3_000 });
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    expect(result).toMatchObject({ status: 'done' });
    const scores = Object.fromEntries(resultsOf(dir).map((r) => [r.example, JSON.stringify(r.metrics)]));
    expect(scores.fits).toMatch(/"pass":true|:1\b/);
    expect(scores.evil).toMatch(/"pass":false|:0\b/);
  }, 10_000);

  it('validate refuses, at its line, a risky pattern RE2 cannot run', async () => {
    const dir = writeWorkspace('redos-validate', {
      type: 'regex',
      candidate: 'answer',
      pattern: '^(?=C)Courses for (a+)+$',
    });
    const run = await runCli(['validate', 'evalc.yaml'], { cwd: dir, timeoutMs: 3_000 });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/evalc\.yaml:13:\d+/);
    expect(run.stderr).toContain('regular expression could take exponential time on some answers');
  });

  it('a dataset pattern RE2 cannot run is its example metric error, and the run goes on', async () => {
    const dir = writeWorkspace(
      'redos-dataset',
      { type: 'regex', candidate: 'answer', expected: 'pattern' },
      { pattern: '^(?=C)Courses for (a+)+$' },
    );
    const run = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: dir, timeoutMs: 3_000 });
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
    expect(result).toMatchObject({ status: 'done' });
    const regexErrors = resultsOf(dir).map((r) => (r.metrics as { regex?: { error?: string } }).regex?.error);
    expect(regexErrors).toEqual(['metric_error', 'metric_error']);
    const report = readFileSync(path.join(dir, '.evalc', 'reports', 'report.json'), 'utf8');
    expect(report).toContain('regular expression could take exponential time on some answers');
  }, 10_000);
});
