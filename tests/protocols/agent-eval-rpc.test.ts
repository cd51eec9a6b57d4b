/**
 * Conformance of the agent-eval judge client over stdio RPC (agent-eval.md §3.3; A15–A17)
 * against a fake `agent-eval rpc` script run by node.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { RubricConfig } from '../../src/plan/schema.js';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';
import { runRpcProcess } from '../../src/protocols/agent-eval/rpc-process.js';
import { computeRubricVersion } from '../../src/protocols/rubrics/rubric-version.js';
import { toWireRubric } from '../../src/protocols/rubrics/wire-rubric.js';
import { ANTI_SLOP_GOLDEN_VERSION } from '../fixtures/agent-eval-anti-slop.mjs';
import type { FakeAgentEvalOptions } from '../fixtures/agent-eval-wire-core.mjs';

const SCRIPT = fileURLToPath(new URL('../fixtures/agent-eval-rpc.mjs', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
const GRADED: RubricConfig = {
  dimensions: [{ id: 'q', description: 'quality', weight: 1 }],
  failureModes: ['bad'],
};

function command(options: FakeAgentEvalOptions = {}, preamble = false): string {
  const env = `FAKE_AGENT_EVAL='${JSON.stringify(options)}'${preamble ? ' FAKE_AGENT_EVAL_PREAMBLE=1' : ''}`;
  return `${env} node ${SCRIPT}`;
}

function judgeFor(options: FakeAgentEvalOptions = {}, preamble = false) {
  return createAgentEvalJudge(
    { protocol: 'agent-eval', command: command(options, preamble) },
    { cwd: process.cwd(), rubrics: { graded: GRADED } },
  );
}

const signal = () => AbortSignal.timeout(20_000);

describe('agent-eval over stdio rpc', () => {
  it('A16 reads the version with `rpc version` (the fake also answers a bare `rpc` envelope)', async () => {
    const judge = judgeFor({ wireVersion: '1.1.0' });
    expect(judge.transport).toBe('rpc');
    expect(await judge.describe(signal())).toEqual({
      ok: true,
      info: { package: '@tangle-network/agent-eval', version: '0.170.0', wireVersion: '1.1.0' },
    });
    const raw = await runRpcProcess({
      command: command(),
      args: ['rpc'],
      stdin: '{"method":"version","params":{}}',
      cwd: FIXTURES,
      timeoutMs: 10_000,
      signal: signal(),
    });
    expect(raw.ok && raw.exitCode).toBe(0);
    expect(raw.ok && JSON.parse(raw.stdout)).toMatchObject({ result: { wireVersion: '1.1.0' } });
  });

  it('A16 refuses a wire 2.x binary', async () => {
    const described = await judgeFor({ wireVersion: '2.1.0' }).describe(signal());
    expect(described.ok ? 'ok' : described.error.kind).toBe('incompatible_version');
  });

  it('judges with `rpc judge` (params on stdin) and verifies the inline rubric tag', async () => {
    const judged = await judgeFor().judge(
      { content: 'q=0.75 fail:bad', rubric: { name: 'graded' } },
      signal(),
    );
    expect(judged.ok).toBe(true);
    if (!judged.ok) return;
    expect(judged.verdict.score).toBe(0.75);
    expect(judged.verdict.failureModes).toEqual(['bad']);
    expect(judged.verdict.rubricVersion).toBe(computeRubricVersion(toWireRubric('graded', GRADED)));
  });

  it('reads the LAST stdout line when the binary logs to stdout first', async () => {
    const judged = await judgeFor({}, true).judge(
      { content: 'voice=1', rubric: { name: 'anti-slop' } },
      signal(),
    );
    expect(judged.ok ? judged.verdict.rubricVersion : judged.error.message).toBe(ANTI_SLOP_GOLDEN_VERSION);
  });

  it('A15 maps an {"error":…} line with exit 1 like HTTP: llm_not_configured → judge_unconfigured', async () => {
    const raw = await runRpcProcess({
      command: command({ llmConfigured: false }),
      args: ['rpc', 'judge'],
      stdin: '{"rubricName":"anti-slop","content":"x"}',
      cwd: FIXTURES,
      timeoutMs: 10_000,
      signal: signal(),
    });
    expect(raw.ok && raw.exitCode).toBe(1);
    const judged = await judgeFor({ llmConfigured: false }).judge(
      { content: 'x', rubric: { name: 'anti-slop' } },
      signal(),
    );
    expect(judged).toMatchObject({
      ok: false,
      error: { kind: 'judge_unconfigured', retryable: false, details: { details: null } },
    });
  });

  it('A15 maps rubric_not_found and validation_error to config errors', async () => {
    const judge = judgeFor();
    const missing = await judge.judge({ content: 'x', rubric: { name: 'missing' } }, signal());
    expect(missing.ok ? 'ok' : missing.error.details).toMatchObject({ code: 'rubric_not_found' });
    const empty = await judge.judge({ content: '', rubric: { name: 'anti-slop' } }, signal());
    expect(empty.ok ? 'ok' : [empty.error.kind, (empty.error.details as { code: string }).code]).toEqual([
      'config_error',
      'validation_error',
    ]);
  });

  it('reports a command that prints nothing as process_crashed', async () => {
    const judge = createAgentEvalJudge(
      { protocol: 'agent-eval', command: 'node -e "process.exit(3)"' },
      { cwd: '.', rubrics: {} },
    );
    const described = await judge.describe(signal());
    expect(described.ok ? 'ok' : described.error.message).toMatch(/process_crashed|no output \(exit 3\)/);
    if (!described.ok) expect(described.error.kind).toBe('process_crashed');
  });

  it('kills a process that outlives the timeout', async () => {
    const judge = createAgentEvalJudge(
      { protocol: 'agent-eval', command: 'node -e "setTimeout(() => {}, 60000)" --' },
      { cwd: '.', rubrics: {}, timeoutMs: 300 },
    );
    const started = Date.now();
    const described = await judge.describe(signal());
    expect(described.ok ? 'ok' : described.error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('close() cancels a call in flight and kills its process', async () => {
    const judge = createAgentEvalJudge(
      { protocol: 'agent-eval', command: 'node -e "setTimeout(() => {}, 60000)" --' },
      { cwd: '.', rubrics: {} },
    );
    const pending = judge.describe(signal());
    setTimeout(() => void judge.close(), 200);
    const described = await pending;
    expect(described.ok ? 'ok' : described.error.kind).toBe('cancelled');
  });
});

describe('agent-eval rpc-batch (A17)', () => {
  it('A17 maps answer line i to request i when one of three lines is malformed', async () => {
    const raw = await runRpcProcess({
      command: command(),
      args: ['rpc-batch', 'judge'],
      stdin:
        '{"rubricName":"anti-slop","content":"voice=1"}\nnot json\n{"rubricName":"missing","content":"x"}\n',
      cwd: FIXTURES,
      timeoutMs: 10_000,
      signal: signal(),
    });
    expect(raw.ok && raw.exitCode).toBe(1);
    const lines = raw.ok
      ? raw.stdout
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l))
      : [];
    expect(lines.map((l) => ('result' in l ? 'result' : l.error.code))).toEqual([
      'result',
      'parse_error',
      'rubric_not_found',
    ]);
  });

  it('A17 judgeBatch returns one outcome per request, in order', async () => {
    const judge = judgeFor();
    const outcomes = await judge.judgeBatch?.(
      [
        { content: 'q=0.2', rubric: { name: 'graded' } },
        { content: '', rubric: { name: 'anti-slop' } },
        { content: 'buyer_quality=1 voice=1 signal=1', rubric: { name: 'anti-slop' } },
      ],
      signal(),
    );
    expect(outcomes?.map((o) => (o.ok ? o.verdict.score : o.error.kind))).toEqual([0.2, 'config_error', 1]);
  });
});
