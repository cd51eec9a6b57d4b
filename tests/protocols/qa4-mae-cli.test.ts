/**
 * MultiAgentEval conformance (shared/protocols/mae.md §1.8, default profile = the seed document)
 * through the real CLI, against an agent written from the seed Agent API document alone and
 * spoken to with the seed's Local Subprocess Protocol (tests/fixtures/qa4-mae-seed-agent.mjs).
 * Expected texts are the seed's: `Tool 'x' returned: {...}. Continue.`, the GOVERNANCE ERROR
 * line, the 5-turn default limit, name discovery.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, REPO_ROOT, runCli, tempWorkspace } from '../e2e/apply-harness.js';

const AGENT = path.join(REPO_ROOT, 'tests/fixtures/qa4-mae-seed-agent.mjs');

interface Payload {
  task_description: string;
  turn: number;
  conversation_history: Array<{ role: string; content: unknown }>;
}
interface ReportExample {
  example: string;
  repeats: Array<{ candidates: { answer?: unknown } | null; error?: { kind: string } | null }>;
}

const EXAMPLES = [
  {
    id: 'tool',
    vars: { t: 'Identify the customer and their speed tier' },
    tools: { get_customer_details: { output: { name: 'Jane Doe', plan: '100 Mbps' } } },
  },
  { id: 'refund', vars: { t: 'Process a $100 refund' }, policies: { apply_refund: { max_limit: 50 } } },
  { id: 'hitl', vars: { t: 'Override credit' } },
  { id: 'instructions', vars: { t: 'Guide the customer' } },
  { id: 'branch', vars: { t: 'Explore alternatives' } },
  { id: 'loop', vars: { t: 'Keep going' } },
];

let dir: string;
let cleanup: () => void;
let sent: Array<{ pid: number; payload: Payload }>;
let examples: Map<string, ReportExample>;
let lock: { agents: Record<string, { name?: string; settings?: Record<string, unknown> }> };

beforeAll(async () => {
  assertBuilt();
  ({ dir, cleanup } = tempWorkspace('qa4-mae'));
  writeFileSync(path.join(dir, 'd.jsonl'), EXAMPLES.map((e) => JSON.stringify(e)).join('\n'));
  const plan = {
    evalc: 1,
    benchmark: { id: 'qa4-mae', version: '1.0.0' },
    agents: {
      a3: {
        protocol: 'mae',
        transport: 'local',
        command: `node ${JSON.stringify(AGENT)}`,
        limits: { timeout: '5s' },
      },
    },
    tasks: {
      t: {
        instructions: 'Help the customer.',
        bindings: { default: { input: '{{t}}', output: { answer: 'final_answer' } } },
        datasets: { d: { source: 'd.jsonl' } },
        metrics: [{ type: 'contains', candidate: 'answer', value: 'e' }],
      },
    },
    run: { repeats: 1, seed: 7, concurrency: 1 },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
  const log = path.join(dir, 'payloads.log');
  await runCli(['apply', 'evalc.yaml', '--quiet'], {
    cwd: dir,
    env: { QA4_MAE_LOG: log },
    timeoutMs: 30_000,
  });
  sent = existsSync(log)
    ? readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
    : [];
  const report = JSON.parse(readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8')) as {
    examples: ReportExample[];
  };
  examples = new Map(report.examples.map((e) => [e.example, e]));
  lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8'));
}, 40_000);

afterAll(() => cleanup?.());

const conversation = (first: string): Payload[] => {
  const start = sent.findIndex((s) => s.payload.task_description === first);
  if (start < 0) return [];
  const out = [sent[start]?.payload as Payload];
  for (const s of sent.slice(start + 1)) {
    if (s.payload.turn === 1) break;
    out.push(s.payload);
  }
  return out;
};
const outcome = (id: string) => examples.get(id)?.repeats[0];

describe('mae (seed profile) through evalc apply, against a seed-document agent over stdio', () => {
  it('M2: turn 1 carries task_description, turn and the history holding the task', () => {
    expect(conversation('Identify the customer and their speed tier')[0]).toEqual({
      task_description: 'Identify the customer and their speed tier',
      turn: 1,
      conversation_history: [{ role: 'user', content: 'Identify the customer and their speed tier' }],
    });
  });

  it("M3: the sandbox's declared output comes back as \"Tool 'x' returned: {...}. Continue.\" at turn 2", () => {
    const [, second] = conversation('Identify the customer and their speed tier');
    expect(second?.task_description).toBe(
      `Tool 'get_customer_details' returned: {"name":"Jane Doe","plan":"100 Mbps"}. Continue.`,
    );
    expect(second?.turn).toBe(2);
    expect(second?.conversation_history.map((h) => h.role)).toEqual(['user', 'agent', 'environment']);
    expect(outcome('tool')?.candidates?.answer).toBe(`Relayed: ${second?.task_description}`);
  });

  it('M8: the refund over the limit is not executed; the seed GOVERNANCE ERROR line is sent; 50 then runs', () => {
    const turns = conversation('Process a $100 refund');
    expect(turns.map((p) => p.task_description)).toEqual([
      'Process a $100 refund',
      'GOVERNANCE ERROR: Amount 100 exceeds maximum allowed limit of 50. Please adjust.',
      `Tool 'apply_refund' returned: {"status":"success","message":"Executed apply_refund"}. Continue.`,
    ]);
    // The seed: "the harness will return a "status": "policy_violation" in the environment message".
    expect(turns[1]?.conversation_history.at(-1)).toMatchObject({
      role: 'environment',
      content: { status: 'policy_violation' },
    });
  });

  it("M9: hitl_pause with the seed's `reason` is auto-approved in batch mode and counts a turn", () => {
    const [, second] = conversation('Override credit');
    expect(second?.task_description).toBe(
      'Auto-approved (CI-Override): Requesting manual credit override beyond $500 limit.',
    );
    expect(second?.turn).toBe(2);
  });

  it('M11: provide_instructions ends the loop successfully in the seed profile', () => {
    expect(conversation('Guide the customer')).toHaveLength(1);
    expect(outcome('instructions')?.error ?? null).toBeNull();
    expect(outcome('instructions')?.candidates?.answer).toBe(
      'Guided customer to perform a local speed test.',
    );
  });

  it('M12: branch fails (evalc does not fork)', () => {
    expect(outcome('branch')?.error?.kind).toBe('unknown_action');
  });

  it('M14: without a final answer the loop stops after the default 5 turns with max_turns_exceeded', () => {
    expect(conversation('Keep going').map((p) => p.turn)).toEqual([1, 2, 3, 4, 5]);
    expect(outcome('loop')?.error?.kind).toBe('max_turns_exceeded');
  });

  it('M18 seed / M26: one persistent process; the self-reported name and the settings are pinned in the lock', () => {
    expect(new Set(sent.map((s) => s.pid)).size).toBe(1);
    expect(lock.agents.a3?.name).toBe('QA4-Seed-Agent');
    expect(lock.agents.a3?.settings).toMatchObject({ profile: 'seed', maxTurns: 5, transport: 'local' });
  });

  it("stderr lines reach evalc's run log (the seed: emitted as an engine log)", () => {
    expect(readFileSync(path.join(dir, '.evalc/logs/run.log'), 'utf8')).toContain(
      'qa4-agent got: Override credit',
    );
  });
});
