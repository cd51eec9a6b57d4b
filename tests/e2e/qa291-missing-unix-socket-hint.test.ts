/**
 * QA291 (the case QA286 left): a `mae` socket agent at a `unix:` path where no socket file is (the
 * agent not started at all) failed its preflight with 'no socket at that path (…) (ENOENT)' and no
 * 'is the agent running at …? Start it, or let evalc start it with `serve:`', which a stale socket
 * file (ECONNREFUSED) and every agent with a url or a TCP address are asked.
 */
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { assertBuilt, runCli } from './apply-harness.js';
import { maeQuestionFolder } from './mae-question-plan.js';

beforeAll(() => assertBuilt());

it('a unix socket agent whose socket file is missing is asked whether it runs there', async () => {
  const dir = maeQuestionFolder(
    'qa291-missing-unix',
    '{ protocol: mae, transport: socket, address: "unix:./missing.sock", profile: seed }',
  );
  const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
  expect(run.code, run.stderr).toBe(1);
  expect(run.stderr).toContain(
    ` t/d/q1: transport_error: socket agent unix:${path.join(dir, 'missing.sock')}: no socket at that path (nothing listening there: is the agent started, and listening on this path?) (ENOENT)\n` +
      '  is the agent running at unix:./missing.sock? Start it, or let evalc start it with `serve:` in the plan\n',
  );
});
