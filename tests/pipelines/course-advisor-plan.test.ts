/**
 * The Course Advisor plan end to end below the executor: evalc's loader accepts evalc.yaml,
 * and each task's TaskConfig (input template + JMESPath outputs, read from the plan) driven
 * through evalc's own adapters (raip, chat, mae local) extracts the candidates the metrics
 * score. Misses must be exactly the agents' documented weaknesses (pipeline README.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { compileExtraction } from '../../src/binding/extract.js';
import { compileTemplate, exampleContext, renderTemplate } from '../../src/binding/template.js';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { createChatAdapter } from '../../src/protocols/chat/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createMaeAdapter } from '../../src/protocols/mae/adapter.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import type { AgentAdapter, InvokeContext } from '../../src/protocols/types.js';
import {
  type DatasetExample,
  type HttpAgent,
  loadDatasets,
  PIPELINE_DIR,
  startHttpAgent,
} from './course-advisor-harness.js';

type AgentId = 'a1' | 'a2' | 'a3';
type TaskId = 'search' | 'details' | 'paths';
interface Binding {
  input: unknown;
  output: Record<string, string>;
}

const PLAN_FILE = join(PIPELINE_DIR, 'evalc.yaml');
const plan = parseYaml(readFileSync(PLAN_FILE, 'utf8')) as {
  tasks: Record<TaskId, { instructions: string; bindings: Record<string, Binding> }>;
};
const datasets = loadDatasets();
const EXAMPLES: Record<TaskId, DatasetExample[]> = {
  search: datasets.search,
  details: datasets.details,
  paths: datasets.path,
};

function context(task: TaskId, example: DatasetExample): InvokeContext {
  return {
    runId: 'run-1',
    taskId: task,
    datasetId: task,
    example: {
      id: example.id,
      ...(example.turns ? { turns: example.turns } : {}),
      ...(example.tools ? { tools: example.tools } : {}),
    },
    repeat: 0,
    instructions: plan.tasks[task].instructions,
    trace: false,
    signal: AbortSignal.timeout(10_000),
    log: () => undefined,
  };
}

interface Candidates {
  answer?: unknown;
  codes?: unknown;
  tools?: unknown;
}

/** Render the plan's binding for (task, agent), invoke, extract. undefined when the invoke failed. */
async function runExample(adapter: AgentAdapter, agent: AgentId, task: TaskId, example: DatasetExample) {
  const binding = plan.tasks[task].bindings[agent] ?? plan.tasks[task].bindings.default;
  if (!binding) throw new Error(`no binding for ${task}/${agent}`);
  const rendered = renderTemplate(compileTemplate(binding.input), exampleContext(example));
  if (!rendered.ok) throw new Error(`template: ${rendered.error.message}`);
  const outcome = await adapter.invoke(rendered.value, context(task, example));
  if (!outcome.ok) return undefined;
  const compiled = compileExtraction(binding.output);
  if (!compiled.ok) throw new Error(`JMESPath: ${JSON.stringify(compiled.errors)}`);
  const extracted = compiled.extraction.run(outcome.trajectory.response);
  if (!extracted.ok) throw new Error(`extraction: ${extracted.message}`);
  return extracted.values as Candidates;
}

function sameSet(actual: unknown, expected: string[]): boolean {
  if (!Array.isArray(actual)) return false;
  const a = [...new Set(actual.map(String))].sort();
  const e = [...new Set(expected)].sort();
  return a.length === e.length && a.every((code, i) => code === e[i]);
}

async function missesOf(adapter: AgentAdapter, agent: AgentId): Promise<string[]> {
  const misses: string[] = [];
  for (const task of Object.keys(EXAMPLES) as TaskId[]) {
    for (const example of EXAMPLES[task]) {
      const candidates = await runExample(adapter, agent, task, example);
      if (candidates === undefined || !sameSet(candidates.codes, example.expected.codes)) {
        misses.push(example.id);
        continue;
      }
      expect(typeof candidates.answer, `${agent} ${example.id} answer`).toBe('string');
      expect(sameSet(candidates.tools, example.expected.tools), `${agent} ${example.id} tools`).toBe(true);
    }
  }
  return misses;
}

describe('Course Advisor plan', () => {
  let a1: HttpAgent;
  let a2: HttpAgent;
  const transport = new HttpTransport({ timeoutMs: 5000, retries: 0, random: () => 0 });
  beforeAll(async () => {
    [a1, a2] = await Promise.all([
      startHttpAgent('agents/a1-raip.mjs'),
      startHttpAgent('agents/a2-chat.mjs'),
    ]);
  });
  afterAll(async () => {
    await transport.close();
    await Promise.all([a1.stop(), a2.stop()]);
  });

  it("passes evalc's loader and validator without a diagnostic", async () => {
    const result = await loadPlan(PLAN_FILE, { cwd: PIPELINE_DIR, offline: true });
    expect(result.diagnostics).toEqual([]);
    const examples = result.resolved?.datasets.reduce((n, d) => n + d.examples.length, 0);
    expect(examples).toBe(30);
  });

  it('a1 over the raip adapter: negotiated schema, codes extracted from output.courses', async () => {
    const adapter = createRaipAdapter({ protocol: 'raip', url: a1.base }, { transport });
    const discovered = await adapter.discover(AbortSignal.timeout(5000));
    expect(discovered.ok && discovered.discovery.name).toBe('course-advisor-a1');
    expect(await missesOf(adapter, 'a1')).toEqual(['search-05', 'details-09', 'paths-07']);
  });

  it('a2 over the chat adapter: scripted turns, codes extracted from the last metadata', async () => {
    const adapter = createChatAdapter({ protocol: 'chat', url: `${a2.base}/agent/respond` }, { transport });
    expect(await missesOf(adapter, 'a2')).toEqual(['search-02', 'search-04', 'details-06', 'paths-04']);
  });

  it('a3 over the mae adapter (local, seed profile): codes extracted from the final action', async () => {
    const adapter = createMaeAdapter(
      {
        protocol: 'mae',
        transport: 'local',
        profile: 'seed',
        command: 'node agents/a3-mae.mjs',
        maxTurns: 4,
      },
      { cwd: PIPELINE_DIR, timeoutMs: 5000 },
    );
    try {
      expect(await missesOf(adapter, 'a3')).toEqual(['search-07', 'search-08', 'paths-05']);
    } finally {
      await adapter.close();
    }
  });

  it('a3 under the agentv profile answers the examples that declare sandbox tools', async () => {
    const adapter = createMaeAdapter(
      {
        protocol: 'mae',
        transport: 'local',
        profile: 'agentv',
        command: 'node agents/a3-mae.mjs',
        maxTurns: 4,
      },
      { cwd: PIPELINE_DIR, timeoutMs: 5000 },
    );
    try {
      const withTools = (Object.keys(EXAMPLES) as TaskId[]).flatMap((task) =>
        EXAMPLES[task].filter((e) => e.tools !== undefined).map((e) => [task, e] as const),
      );
      expect(withTools).toHaveLength(3);
      for (const [task, example] of withTools) {
        const candidates = await runExample(adapter, 'a3', task, example);
        expect(sameSet(candidates?.codes, example.expected.codes), example.id).toBe(true);
        expect(String(candidates?.answer)).toContain(example.expected.mention);
      }
    } finally {
      await adapter.close();
    }
  });
});
