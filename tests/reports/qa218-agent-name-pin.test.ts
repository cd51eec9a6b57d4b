/**
 * QA218: evalc.lock pins each agent's discovered name (DESIGN §5), but a baseline whose RAIP agent
 * answered `/info` with another name — another agent deployed behind the same URL, same version
 * and schema — was compared with no word of it: report.md's "Changes vs baseline" and `evalc diff`
 * listed the pins that changed without it. It is now an `info` line, `a1: name changed
 * advisor-v1 → advisor-next`. Two real applies against a RAIP agent on loopback.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { sendJson, startLoopback } from '../fixtures/loopback.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const plan = (url: string) => `evalc: 1
benchmark: { id: qa218-name }
agents:
  a1: { protocol: raip, url: "${url}", limits: { retries: 0 } }
tasks:
  t:
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { source: d.jsonl }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
run: { preflight: 0, bootstrap: 100 }
`;

describe('a baseline whose agent answered /info with another name (QA218)', () => {
  it('names the discovered name that changed, in the diff and report.md', async () => {
    const agent = { name: 'advisor-v1' };
    const server = await startLoopback((req, res, body) => {
      if (req.url === '/info') {
        sendJson(res, 200, { name: agent.name, version: '1.0.0', inputSchema: { type: 'object' } });
        return;
      }
      const q = (JSON.parse(body) as { input: { q: string } }).input.q;
      sendJson(res, 200, { output: { answer: q } });
    });
    cleanups.push(() => server.close());
    const lockOf = async (): Promise<{ dir: string; lock: Lockfile }> => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa218-name-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      writeFileSync(path.join(dir, 'evalc.yaml'), plan(server.url));
      writeFileSync(
        path.join(dir, 'd.jsonl'),
        `${JSON.stringify({ id: 'e1', vars: { q: 'x' }, expected: { answer: 'x' } })}\n`,
      );
      expect((await applyInProcess(dir)).status).toBe('done');
      return { dir, lock: JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as Lockfile };
    };
    const before = await lockOf();
    agent.name = 'advisor-next';
    const after = await lockOf();
    expect([before.lock.agents.a1?.name, after.lock.agents.a1?.name]).toEqual(['advisor-v1', 'advisor-next']);
    const issues = diffLocks(before.lock, after.lock).comparability.filter((c) => c.subject === 'a1');
    expect(issues).toEqual([
      {
        kind: 'agent_version',
        severity: 'info',
        subject: 'a1',
        old: 'advisor-v1',
        new: 'advisor-next',
        message: 'a1: name changed advisor-v1 → advisor-next',
      },
    ]);
    expect((await applyInProcess(after.dir, { baseline: path.join(before.dir, 'evalc.lock') })).status).toBe(
      'done',
    );
    const md = readFileSync(path.join(after.dir, '.evalc', 'reports', 'report.md'), 'utf8');
    expect(md).toContain('a1: name changed advisor-v1 → advisor-next');
  });
});
