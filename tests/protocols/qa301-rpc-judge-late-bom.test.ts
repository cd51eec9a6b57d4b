/**
 * QA301 (the case beside QA293's b60942f5): a stdio agent-eval judge that sets its output to UTF-8
 * with a byte order mark after a log line (Python's `sys.stdout.reconfigure(encoding='utf-8-sig')`
 * once its model is loaded, .NET's `Console.OutputEncoding` set late) writes the BOM at its reply
 * line's start: b60942f5 dropped one at the output's start only, so the judge was unusable, 'last
 * output line is not JSON (exit 0)', quoting what looked like JSON. Real subprocesses.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RubricConfig } from '../../src/plan/schema.js';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa301-rpc-bom-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const RUBRIC: RubricConfig = { dimensions: [{ id: 'q', description: 'quality', weight: 1 }] };

// `node judge.mjs rpc <method>`: a log line, then the BOM and the reply, as Python's reconfigure writes them.
writeFileSync(
  path.join(dir, 'judge.mjs'),
  `const method = process.argv[3];
const reply = method === 'version'
  ? { result: { package: '@tangle-network/agent-eval', version: '0.170.0', wireVersion: '1.1.0' } }
  : { result: { composite: 0.75, dimensions: { q: 0.75 }, failureModes: [], wins: [], rationale: 'fine', rubricVersion: 'r@x', model: 'm', durationMs: 1 } };
process.stdout.write('loading judge model\\n\\ufeff' + JSON.stringify(reply) + '\\n');
`,
);

describe('a stdio agent-eval judge writing its byte order mark after a log line (QA301)', () => {
  it('reads its version and verdict', async () => {
    const client = createAgentEvalJudge(
      { protocol: 'agent-eval', command: 'node judge.mjs' },
      { cwd: dir, rubrics: { r: RUBRIC } },
    );
    const described = await client.describe(AbortSignal.timeout(20_000));
    expect(described.ok ? 'ok' : described.error.message).toBe('ok');
    const outcome = await client.judge({ content: 'x', rubric: { name: 'r' } }, AbortSignal.timeout(20_000));
    await client.close();
    expect(outcome).toMatchObject({ ok: true, verdict: { score: 0.75, dimensions: { q: 0.75 } } });
  });
});
