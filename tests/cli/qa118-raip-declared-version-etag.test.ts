/**
 * QA118: QA115's RAIP agent whose `/info` has no `version`, with a `version:` declared in the plan,
 * now serving `/info` with an ETag. A later run asks `/info` with If-None-Match and the agent
 * answers 304; the 304 echoed the lock's `version` (the plan's, not a discovered one) as if /info
 * had given it, so `plan` said `~ invoke … because agent identity changed` (exit 2), `apply --locked`
 * was refused (`agent a1: identity changed`), and an apply that only added a metric called the agent
 * again for every example.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Loopback } from '../fixtures/loopback.js';
import {
  applyPlanInTempFolder,
  declaredVersionRaipPlan,
  startRaipEchoAgent,
} from '../fixtures/raip-declared-version.js';
import { removeFolder } from '../fixtures/temp-folder.js';
import { spawnCliAsync } from './run-cli.js';

let agent: Loopback;
let invokes = 0;
let notModified = 0;
let dir: string;
const env = { CI: 'true' };
const ETAG = '"info-1"';

const plan = (version: string, extra = '') =>
  declaredVersionRaipPlan({
    benchmark: 'qa118-raip-etag',
    url: agent.url,
    version,
    noRetries: true,
    twoExamples: true,
    extra,
  });

beforeAll(async () => {
  agent = await startRaipEchoAgent(
    (req, res) => {
      if (req.headers['if-none-match'] === ETAG) {
        notModified++;
        res.writeHead(304, { etag: ETAG });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'application/json', etag: ETAG });
      return res.end(JSON.stringify({ name: 'no-version', inputSchema: { type: 'object' } }));
    },
    () => {
      invokes++;
    },
  );
  dir = await applyPlanInTempFolder('evalc-qa118-raip-etag-', plan('7'));
});

afterAll(async () => {
  await agent.close();
  removeFolder(dir);
});

describe('a RAIP agent without a /info version, a declared version: and an /info ETag (QA118)', () => {
  it('plan after apply (its /info answers 304): no changes, and no version note', async () => {
    const before = notModified;
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(notModified).toBeGreaterThan(before);
    expect(out.code, out.stdout + out.stderr).toBe(0);
    expect(out.stdout + out.stderr).not.toContain('(none) → 7');
  });

  it('apply --locked is not refused', async () => {
    const out = await spawnCliAsync(['apply', '--locked', '--quiet'], { cwd: dir, env });
    expect(out.code, out.stderr).toBe(0);
  });

  it('an apply that adds a metric calls the agent for no example', async () => {
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      plan('7', '\n      - { type: contains, candidate: answer, expected: answer }'),
    );
    const before = invokes;
    const out = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env });
    expect(out.code, out.stderr).toBe(0);
    expect(invokes).toBe(before);
    const again = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(again.code, again.stdout + again.stderr).toBe(0);
  });

  it('a new declared version still re-invokes the agent', async () => {
    writeFileSync(path.join(dir, 'evalc.yaml'), plan('8'));
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.code).toBe(2);
    expect(out.stdout).toMatch(/~ invoke +qa118-raip-etag\/t\[a1\] +2 examples/);
    const before = invokes;
    const applied = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env });
    expect(applied.code, applied.stderr).toBe(0);
    expect(invokes).toBe(before + 2);
    const after = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(after.code, after.stdout + after.stderr).toBe(0);
  });
});
