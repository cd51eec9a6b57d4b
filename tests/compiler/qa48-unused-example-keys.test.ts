/**
 * QA48: example keys that script one protocol (`turns` for chat; `tools`, `policies`, `human` for
 * mae) warn at the key when no agent that runs the dataset reads them.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const DATA = [
  '{"id":"e1","vars":{"q":"refund"},"tools":{"get_order":{"output":{"total":20}}},"policies":{"refund":{"max_limit":50}}}',
  '{"id":"e2","vars":{"q":"hi"},"turns":["hello","then?"],"human":"yes"}',
  '{"id":"e3","vars":{"q":"x"},"tools":{"t":{"output":1}}}',
].join('\n');

const AGENTS = `agents:
  r: { protocol: raip, url: http://127.0.0.1:7101 }
  c: { protocol: chat, url: http://127.0.0.1:7102/agent/respond }
  m: { protocol: mae, url: http://127.0.0.1:7103 }
`;

function task(id: string, agents: string[], input = '{ q: "{{q}}" }'): string {
  return `  ${id}:
    agents: [${agents.join(', ')}]
    bindings:
      default: { input: ${input}, output: { a: "output.a" } }
    datasets:
      d: { source: data.jsonl }
    metrics: [ { type: pass_rate } ]
`;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function unused(tasks: string): Promise<string[]> {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1\nbenchmark: { id: b }\n${AGENTS}tasks:\n${tasks}`,
    'data.jsonl': DATA,
  });
  dirs.push(dir);
  const { diagnostics } = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  return diagnostics
    .filter((d) => d.code === 'EVALC_EXAMPLE_UNUSED_KEY' || d.severity === 'error')
    .map(
      (d) =>
        `${d.severity} ${d.source?.file}:${d.source?.line}:${d.source?.col} ${d.message.slice(0, d.message.indexOf(' ('))} ${d.message.includes('examples') ? 'n' : '1'}`,
    );
}

describe('example keys no agent reads (QA48)', () => {
  it('warns at each mae key given to a raip agent, and at turns', async () => {
    expect(await unused(task('t', ['r']))).toEqual([
      'warning data.jsonl:1:42 `tools` n',
      'warning data.jsonl:1:91 `policies` 1',
      'warning data.jsonl:2:38 `turns` 1',
      'warning data.jsonl:2:64 `human` 1',
    ]);
  });

  it('warns of the mae keys only for a chat agent, of turns only for an mae agent', async () => {
    expect((await unused(task('t', ['c']))).map((w) => w.split(' ')[2])).toEqual([
      '`tools`',
      '`policies`',
      '`human`',
    ]);
    expect((await unused(task('t', ['m']))).map((w) => w.split(' ')[2])).toEqual(['`turns`']);
  });

  it('is silent when the agents that share the dataset read every key, in one task or across tasks', async () => {
    expect(await unused(task('t', ['c', 'm']))).toEqual([]);
    expect(await unused(`${task('t', ['c'])}${task('t2', ['m'])}`)).toEqual([]);
  });

  it('counts turns as read by a binding template that names them', async () => {
    expect(
      (await unused(task('t', ['m'], '{ task_description: "{{q}}", history: "{{json turns}}" }'))).length,
    ).toBe(0);
  });
});
