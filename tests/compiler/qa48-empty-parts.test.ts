/** QA48: a plan that would evaluate nothing validates, with a warning at the empty key. */
import { describe, expect, it } from 'vitest';
import { planDiagnostics } from './plan-helpers.js';

const head = 'evalc: 1\nbenchmark: { id: b }\n';
const agent = 'agents:\n  a1: { protocol: raip, url: http://127.0.0.1:7999 }\n';
const binding = '    bindings:\n      default: { input: { q: x }, output: { a: output.a } }\n';
const dataset = '    datasets:\n      d: { examples: [ { id: e1 } ] }\n';
const metrics = '    metrics: [ { type: pass_rate } ]\n';

async function warnings(yaml: string): Promise<string[]> {
  return (await planDiagnostics(yaml)).map(
    (d) => `${d.severity} ${d.code} ${d.source?.line}:${d.source?.col} ${d.message}`,
  );
}

describe('empty plan parts (QA48)', () => {
  it('warns at tasks: when the plan has none', async () => {
    expect(await warnings(`${head}${agent}tasks: {}\n`)).toEqual([
      'warning EVALC_PLAN_EMPTY 5:1 the plan has no tasks: apply would evaluate nothing',
    ]);
    expect(await warnings(`${head}${agent}`)).toEqual([
      'warning EVALC_PLAN_EMPTY 1:1 the plan has no tasks: apply would evaluate nothing',
    ]);
  });

  it('warns when the plan has no agents', async () => {
    expect(await warnings(`${head}tasks:\n  t:\n${binding}${dataset}${metrics}`)).toEqual([
      'warning EVALC_PLAN_EMPTY 1:1 the plan has no agents: apply would evaluate nothing',
    ]);
  });

  it('warns at datasets: of a task without datasets', async () => {
    expect(await warnings(`${head}${agent}tasks:\n  t:\n${binding}    datasets: {}\n${metrics}`)).toEqual([
      'warning EVALC_TASK_EMPTY 9:5 task t has no datasets: no example of it is run',
    ]);
  });

  it('warns at agents: of a task that no agent runs', async () => {
    expect(
      await warnings(`${head}${agent}tasks:\n  t:\n    agents: []\n${binding}${dataset}${metrics}`),
    ).toEqual(['warning EVALC_TASK_EMPTY 7:5 task t is run by no agent']);
  });

  it('says nothing more of a plan whose tasks failed the schema', async () => {
    const found = await warnings(`${head}${agent}tasks:\n  t:\n${binding}${metrics}`);
    expect(found.filter((w) => w.startsWith('warning'))).toEqual([]);
  });

  it('says nothing of a plan with a task, an agent and a dataset', async () => {
    expect(await warnings(`${head}${agent}tasks:\n  t:\n${binding}${dataset}${metrics}`)).toEqual([]);
  });
});
