/**
 * QA248: DESIGN §2's plan gives its mae agent a3 no binding of its own: a3 runs under the default
 * binding, whose `answer` is `output.answer`. An mae reply document had no `output`, so every a3
 * example was `extraction_failed` and never judged. The document extraction reads now carries
 * `output: { answer: <final_answer> }`. Real CLI: DESIGN's three agents (a1 raip, a2 chat on
 * loopback, a3 a local mae agent, the stdio fixture) and the fake agent-eval judge.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startAgentEvalServer } from '../fixtures/agent-eval-server.js';
import { startChatAgent } from '../fixtures/chat-agent.js';
import { startRaipAgent } from '../fixtures/raip-agent.js';
import { runCli } from './apply-harness.js';
import { MAE_STDIO_AGENT } from './mae-local-plan.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface LockResult {
  group: string;
  example: string;
  errors?: (string | null)[];
  metrics: Record<string, { score?: number; pass?: boolean }>;
}

describe("DESIGN §2's plan: the mae agent a3 under the default binding", () => {
  it("extracts a3's final answer with output.answer and judges it", async () => {
    const a1 = await startRaipAgent();
    const a2 = await startChatAgent(['echo']);
    const judge = await startAgentEvalServer();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa248-'));
    cleanups.push(
      () => rmSync(dir, { recursive: true, force: true }),
      () => a1.close(),
      () => a2.close(),
      () => judge.close(),
    );
    // The mae fixture answers `final:<text>` with <text>; the judge scores `<dimension>=<n>`.
    const query = 'final:relevance=1 accuracy=1 structure=1 intro ML';
    writeFileSync(
      path.join(dir, 'search.jsonl'),
      `${JSON.stringify({ id: 's1', vars: { user_query: query }, expected: { codes: ['CS229'] } })}\n`,
    );
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: course-advisor, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: ${a1.url} }
  a2: { protocol: chat, url: ${a2.endpoint} }
  a3: { protocol: mae, transport: local, command: ${JSON.stringify(MAE_STDIO_AGENT)}, maxTurns: 5 }
judges:
  strict: { protocol: agent-eval, url: ${judge.url}, rubric: course-advice }
rubrics:
  course-advice:
    dimensions:
      - { id: relevance, description: "Answers the question asked", weight: 0.5 }
      - { id: accuracy,  description: "Course facts are correct",  weight: 0.3 }
      - { id: structure, description: "Clear, scannable answer",   weight: 0.2 }
tasks:
  search:
    bindings:
      default:
        input: { query: "{{user_query}}" }
        output: { answer: "output.answer" }
      a2:
        input: { messages: [{ role: user, content: "{{user_query}}" }] }
        output: { answer: "messages[-1].content" }
    datasets:
      course-search: { source: search.jsonl }
    metrics:
      - { type: judge, judge: strict, content: "{{candidate.answer}}", threshold: 0.6 }
run: { repeats: 1, preflight: 0, seed: 7 }
gates:
  - { metric: judge, scope: benchmark, min: 0.5 }
`,
    );
    const validate = await runCli(['validate', 'evalc.yaml', '--json'], { cwd: dir, timeoutMs: 60_000 });
    expect(validate.stdout).not.toContain('EVALC_BIND_FIELD');

    const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir, timeoutMs: 90_000 });
    expect(run.stderr).not.toContain('extraction_failed');
    expect(run.code).toBe(0);
    const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as { results: LockResult[] };
    const a3 = lock.results.find((r) => r.group === 'a3/search/course-search');
    expect(a3?.errors ?? [null]).toEqual([null]);
    expect(a3?.metrics.judge).toMatchObject({ score: 1, pass: true });
    // The judge was sent a3's final answer, the text after `final:`.
    const judged = judge.requests.map((r) => JSON.stringify(r.body ?? null));
    expect(
      judged.some((b) => b.includes('relevance=1 accuracy=1 structure=1 intro ML') && !b.includes('final:')),
    ).toBe(true);
  }, 120_000);
});
