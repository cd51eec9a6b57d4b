/**
 * QA41: an `agent-eval rpc` program that fails said only `last output line is not JSON (exit 1)`:
 * neither the line nor the stderr where a Python wrapper's traceback goes, so the user had
 * nothing to go on; and a wrapper that prints its reply pretty (`json.dumps(reply, indent=2)`) was
 * refused as "not JSON" — the whole judge unusable. Now the message quotes the line and the
 * stderr's tail, and a pretty-printed reply is read. Real subprocesses (a small node program).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RubricConfig } from '../../src/plan/schema.js';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa41-rpc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const RUBRIC: RubricConfig = { dimensions: [{ id: 'q', description: 'quality', weight: 1 }] };

// `node judge.mjs <mode> rpc <method>`: version always answers; judge per mode.
writeFileSync(
  path.join(dir, 'judge.mjs'),
  `import { readFileSync } from 'node:fs';
const [mode, , method] = process.argv.slice(2);
const params = JSON.parse(readFileSync(0, 'utf8') || '{}');
const indent = mode === 'pretty' ? 2 : undefined;
if (method === 'version') {
  console.log(JSON.stringify({ result: { package: '@tangle-network/agent-eval', version: '0.170.0', wireVersion: '1.1.0' } }, null, indent));
  process.exit(0);
}
if (mode === 'traceback') {
  console.log('Traceback (most recent call last): see stderr');
  console.error('  File "judge.py", line 12, in <module>\\nValueError: rubric has no dimension q');
  process.exit(1);
}
console.log('loading judge model…');
console.log(JSON.stringify({ result: { composite: 0.75, dimensions: { q: 0.75 }, failureModes: [], wins: [], rationale: 'fine', rubricVersion: process.argv[5] ?? 'r@x', model: 'm', durationMs: 1 } }, null, indent));
`,
);

function judge(mode: string) {
  return createAgentEvalJudge(
    { protocol: 'agent-eval', command: `node judge.mjs ${mode}` },
    { cwd: dir, rubrics: { r: RUBRIC } },
  );
}

describe('agent-eval rpc output (QA41)', () => {
  it('quotes the line that is not JSON and the tail of stderr', async () => {
    const client = judge('traceback');
    const outcome = await client.judge({ content: 'x', rubric: { name: 'r' } }, AbortSignal.timeout(20_000));
    await client.close();
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.kind).toBe('process_crashed');
    expect(outcome.error.message).toContain(
      'last output line is not JSON (exit 1): "Traceback (most recent call last): see stderr"',
    );
    expect(outcome.error.message).toContain(
      '; stderr: File "judge.py", line 12, in <module> ValueError: rubric has no dimension q',
    );
  });

  it('reads a reply printed over several lines (json.dumps(reply, indent=2)) after a log line', async () => {
    const client = judge('pretty');
    const described = await client.describe(AbortSignal.timeout(20_000));
    expect(described.ok).toBe(true);
    const outcome = await client.judge({ content: 'x', rubric: { name: 'r' } }, AbortSignal.timeout(20_000));
    await client.close();
    // The verdict was read (its tag is not in the sha256-rfc8785 scheme: kept with a warning).
    expect(outcome).toMatchObject({ ok: true, verdict: { score: 0.75, dimensions: { q: 0.75 } } });
  });
});
