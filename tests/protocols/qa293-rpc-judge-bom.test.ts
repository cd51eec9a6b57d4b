/**
 * QA293: a stdio agent-eval judge whose output starts with a UTF-8 byte order mark (.NET's
 * `Console.OutputEncoding = Encoding.UTF8`, Python's `PYTHONIOENCODING=utf-8-sig`) was unusable:
 * 'last output line is not JSON (exit 0): "{\"result\":…}"', quoting what looked like JSON, though
 * a reply over HTTP and a mae stdio agent's line have their BOM dropped (RFC 8259 §8.1). Real
 * subprocesses (a small node program).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RubricConfig } from '../../src/plan/schema.js';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa293-rpc-bom-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const RUBRIC: RubricConfig = { dimensions: [{ id: 'q', description: 'quality', weight: 1 }] };

// `node judge.mjs <mode> rpc <method>`: every reply starts with a BOM; `log` writes a log line first.
writeFileSync(
  path.join(dir, 'judge.mjs'),
  `const [mode, , method] = process.argv.slice(2);
const reply = method === 'version'
  ? { result: { package: '@tangle-network/agent-eval', version: '0.170.0', wireVersion: '1.1.0' } }
  : { result: { composite: 0.75, dimensions: { q: 0.75 }, failureModes: [], wins: [], rationale: 'fine', rubricVersion: 'r@x', model: 'm', durationMs: 1 } };
process.stdout.write('\\ufeff' + (mode === 'log' ? 'loading judge model\\n' : '') + JSON.stringify(reply) + '\\r\\n');
`,
);

function judge(mode: string) {
  return createAgentEvalJudge(
    { protocol: 'agent-eval', command: `node judge.mjs ${mode}` },
    { cwd: dir, rubrics: { r: RUBRIC } },
  );
}

describe('a stdio agent-eval judge writing a byte order mark (QA293)', () => {
  for (const mode of ['bom', 'log']) {
    it(`reads its version and verdict (${mode === 'log' ? 'the BOM before a log line' : 'the BOM before the reply'})`, async () => {
      const client = judge(mode);
      const described = await client.describe(AbortSignal.timeout(20_000));
      expect(described.ok ? 'ok' : described.error.message).toBe('ok');
      const outcome = await client.judge(
        { content: 'x', rubric: { name: 'r' } },
        AbortSignal.timeout(20_000),
      );
      await client.close();
      expect(outcome).toMatchObject({ ok: true, verdict: { score: 0.75, dimensions: { q: 0.75 } } });
    });
  }
});
