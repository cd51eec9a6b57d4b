/**
 * QA123: a RAIP agent whose /info has no `version` (and no ETag), with a `version:` declared in the
 * plan. After the declared version changed (7 → 8), plan noted `agent a1: version 7 → (none)`, as if
 * the agent had dropped a version it never gave, while its invoke row said `(version 7 → 8)`. The note
 * now reads the version the agent is keyed by: the plan's, where /info gives none.
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
import { spawnCliAsync } from './run-cli.js';

let agent: Loopback;
const env = { CI: 'true' };

const plan = (version: string) =>
  declaredVersionRaipPlan({ benchmark: 'qa123-raip-note', url: agent.url, version, noRetries: true });

beforeAll(async () => {
  agent = await startRaipEchoAgent({ name: 'no-version', inputSchema: { type: 'object' } });
});

afterAll(() => agent.close());

describe('a declared version changed, /info without one (QA123)', () => {
  it("plan's note names the declared versions", async () => {
    const dir = await applyPlanInTempFolder('evalc-qa123-raip-note-', plan('7'));
    writeFileSync(path.join(dir, 'evalc.yaml'), plan('8'));
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.code).toBe(2);
    const text = out.stdout + out.stderr;
    expect(text).toContain('because agent identity changed (version 7 → 8)');
    expect(text).not.toContain('(none)');
    expect(text).toContain('agent a1: version 7 → 8');
  });
});
