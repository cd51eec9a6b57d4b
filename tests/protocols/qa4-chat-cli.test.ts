/**
 * chat (Connexity) conformance (shared/protocols/chat.md §2.7) through the real CLI against an
 * agent written from the seed contract alone (tests/fixtures/qa4-chat-seed-agent.mjs). Expected
 * request shapes are the seed's own examples (default profile = the contract document).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli, tempWorkspace } from '../e2e/apply-harness.js';
import { type Qa4ChatAgent, startQa4ChatAgent } from '../fixtures/qa4-chat-seed-agent.mjs';

interface ReportRepeat {
  candidates: { a?: unknown } | null;
  error?: { kind: string; message: string } | null;
  durationMs: number;
}
interface ReportExample {
  example: string;
  repeats: ReportRepeat[];
}

const EXAMPLES: Array<{ id: string; q?: string; turns?: string[] }> = [
  { id: 'seed', turns: ["Hi, I'd like to book a duct cleaning.", 'tools', 'Thanks'] },
  { id: 'five', turns: ['1', '2', '3', '4', '5'] },
  { id: 'endcall', turns: ['one', 'endcall', 'three'] },
  { id: 'empty', turns: ['empty', 'second'] },
  ...['e500', 'e404', 'nonjson', 'lasttool', 'argsobj', 'parts', 'strusage', 'slow'].map((q) => ({
    id: q,
    q,
  })),
];

let agent: Qa4ChatAgent;
let examples: Map<string, ReportExample>;
let cleanup: () => void;

beforeAll(async () => {
  assertBuilt();
  agent = await startQa4ChatAgent();
  const workspace = tempWorkspace('qa4-chat');
  cleanup = workspace.cleanup;
  const dir = workspace.dir;
  writeFileSync(
    path.join(dir, 'd.jsonl'),
    EXAMPLES.map((e) =>
      JSON.stringify({ id: e.id, vars: { q: e.q ?? '' }, ...(e.turns ? { turns: e.turns } : {}) }),
    ).join('\n'),
  );
  const plan = {
    evalc: 1,
    benchmark: { id: 'qa4-chat', version: '1.0.0' },
    agents: {
      a2: {
        protocol: 'chat',
        url: agent.url,
        maxTurns: 3,
        terminatingTools: ['end_call'],
        limits: { budget: '2s' },
      },
    },
    tasks: {
      t: {
        instructions: 'Talk.',
        bindings: { default: { input: '{{q}}', output: { a: 'messages[-1].content' } } },
        datasets: { d: { source: 'd.jsonl' } },
        metrics: [{ type: 'contains', candidate: 'a', value: 'e' }],
      },
    },
    run: { repeats: 1, seed: 7, concurrency: 4 },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
  const result = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir, timeoutMs: 30_000 });
  const reportFile = path.join(dir, '.evalc/reports/report.json');
  if (result.code !== 0 && result.code !== 1) throw new Error(`apply failed: ${result.stderr}`);
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as { examples: ReportExample[] };
  examples = new Map(report.examples.map((e) => [e.example, e]));
}, 40_000);

afterAll(async () => {
  await agent?.close();
  cleanup?.();
});

const repeat = (id: string) => examples.get(id)?.repeats[0];

describe('chat through evalc apply, against an agent written from the seed contract', () => {
  it("sends the seed's request shapes: user/assistant only, no nulls, turn_index 0 then 2", () => {
    const [first, second, third] = agent.conversation('seed');
    expect(first).toEqual({
      messages: [{ role: 'user', content: "Hi, I'd like to book a duct cleaning." }],
      metadata: { test_case_id: 'seed', turn_index: 0 },
    });
    expect(second).toEqual({
      messages: [
        { role: 'user', content: "Hi, I'd like to book a duct cleaning." },
        { role: 'assistant', content: "echo: Hi, I'd like to book a duct cleaning." },
        { role: 'user', content: 'tools' },
      ],
      metadata: { test_case_id: 'seed', turn_index: 2 },
    });
    // "The platform does not send role: tool messages": the tool step of the reply is not replayed.
    expect(third?.messages.map((m) => m.role)).not.toContain('tool');
    expect(third?.messages.some((m) => 'tool_calls' in m)).toBe(false);
    expect(third?.messages.at(-1)).toEqual({ role: 'user', content: 'Thanks' });
    expect(repeat('seed')?.candidates?.a).toBe('echo: Thanks');
  });

  it('C14: maxTurns 3 makes exactly 3 requests and the transcript ends on the assistant', () => {
    expect(agent.conversation('five')).toHaveLength(3);
    expect(repeat('five')?.candidates?.a).toBe('echo: 3');
  });

  it('C16: a call to a terminating tool ends the conversation after that reply', () => {
    expect(agent.conversation('endcall')).toHaveLength(2);
    expect(repeat('endcall')?.candidates?.a).toBe('Goodbye.');
  });

  it('C5: {"messages": []} appends nothing and the next user turn follows', () => {
    const [, second] = agent.conversation('empty');
    expect(second?.messages).toEqual([
      { role: 'user', content: 'empty' },
      { role: 'user', content: 'second' },
    ]);
    expect(repeat('empty')?.candidates?.a).toBe('echo: second');
  });

  it.each([
    ['C10', 'e500', 'http_500'],
    ['C10', 'e404', 'http_404'],
    ['C11', 'nonjson', 'invalid_json'],
    ['C6', 'lasttool', 'contract_violation'],
    ['C8', 'argsobj', 'contract_violation'],
    ['C9', 'parts', 'contract_violation'],
  ])('%s: %s ends the conversation as %s after one request, no retry', (_case, id, kind) => {
    expect(agent.conversation(id)).toHaveLength(1);
    expect(repeat(id)?.error?.kind).toBe(kind);
  });

  it('C18/C20: integer-string usage and unknown keys are accepted', () => {
    expect(repeat('strusage')?.error ?? null).toBeNull();
    expect(repeat('strusage')?.candidates?.a).toBe('counted');
  });

  it('C12: a reply slower than the remaining budget times out and the conversation stops (one request)', () => {
    expect(agent.conversation('slow')).toHaveLength(1);
    expect(repeat('slow')?.error?.kind).toBe('timeout');
    expect(repeat('slow')?.durationMs).toBeLessThan(4000);
  });
});
