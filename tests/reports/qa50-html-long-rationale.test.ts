/**
 * QA50: report.html cuts a judge's long rationale as it cuts a long trajectory text. Before, the
 * page embedded every rationale whole: a judge that wrote 12 MB (a looping model, a hostile
 * server) made a 25 MB page with two judges, though agent answers of the same size were cut.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startQa50HostileReplyServer } from '../fixtures/qa50-hostile-reply-server.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('report.html and a judge rationale longer than the page keeps (QA50)', () => {
  it('cuts the rationale in the page, says so, and keeps it whole in report.json', async () => {
    const server = await startQa50HostileReplyServer();
    cleanups.push(() => server.close());
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qa50-rationale-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(path.join(dir, 'd.jsonl'), JSON.stringify({ id: 'e1', vars: { r: 'fine' } }));
    const plan = {
      evalc: 1,
      benchmark: { id: 'qa50-rationale', version: '1.0.0' },
      agents: { a1: { protocol: 'raip', url: server.url } },
      judges: { oj: { protocol: 'openai', url: `${server.url}/v1`, model: 'm' } },
      rubrics: { r1: { dimensions: [{ id: 'q', description: 'quality', weight: 1 }] } },
      tasks: {
        t: {
          bindings: { default: { input: { reply: '{{r}}' }, output: { answer: 'output.answer' } } },
          datasets: { d: { source: 'd.jsonl' } },
          metrics: [{ type: 'judge', judge: 'oj', rubric: 'r1', content: '{{candidate.answer}}' }],
        },
      },
      run: { repeats: 1, seed: 7, preflight: 0 },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    const outcome = await applyInProcess(dir);
    expect(outcome.status).toBe('done');
    const reports = path.join(dir, '.evalc/reports');
    const json = JSON.parse(readFileSync(path.join(reports, 'report.json'), 'utf8')) as {
      examples: { metrics: { rationale?: string }[] }[];
    };
    expect(json.examples[0]?.metrics[0]?.rationale).toHaveLength(300_003);
    const html = readFileSync(path.join(reports, 'report.html'), 'utf8');
    expect(html).not.toContain('why end');
    expect(html).toContain('more characters not in this page; report.json has the whole text]');
    expect(html).toContain('1 text was longer than 20,000 characters and is cut');
    expect(html.length).toBeLessThan(200_000);
  }, 30_000);
});
