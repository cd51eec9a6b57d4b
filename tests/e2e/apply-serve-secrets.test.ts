/** `${env.X}` values in `serve.env` never reach a served process's log, evalc's messages or --json. */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../fixtures/loopback.js';
import { serveEchoSecretPlan } from '../fixtures/serve-echo-secret-plan.js';
import { countingExamples, runCli, tempWorkspace, writeDataset } from './apply-harness.js';

const TOKEN = 'SERVE-SECRET-7431';
const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups) c();
});

async function workspace(die: boolean): Promise<string> {
  const ws = tempWorkspace('serve-secrets');
  cleanups.push(ws.cleanup);
  writeDataset(ws.dir, 'd1.jsonl', countingExamples(3, 's'));
  const port = await freePort();
  writeFileSync(
    path.join(ws.dir, 'evalc.yaml'),
    serveEchoSecretPlan({ port, die: die ? '1' : '0', tokenVar: 'MY_TOKEN' }),
  );
  return ws.dir;
}

function everythingWritten(dir: string): string {
  const logs = path.join(dir, '.evalc', 'logs');
  return readdirSync(logs)
    .map((f) => readFileSync(path.join(logs, f), 'utf8'))
    .join('\n');
}

describe('secrets given to served processes', () => {
  it('are scrubbed from the served process log of a run that completes', async () => {
    const dir = await workspace(false);
    const run = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: dir, env: { MY_TOKEN: TOKEN } });
    expect(run.code, run.stderr).toBe(0);
    const logs = everythingWritten(dir);
    expect(logs).toContain('starting with token ***');
    expect(logs).toContain('debug: auth=***');
    expect(logs).not.toContain(TOKEN);
    expect(run.stdout + run.stderr).not.toContain(TOKEN);
    expect(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')).not.toContain(TOKEN);
  });

  it('are scrubbed from the message of a served process that dies before it is ready', async () => {
    const dir = await workspace(true);
    const run = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: dir, env: { MY_TOKEN: TOKEN } });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('exited with code 3 before it was ready');
    expect(run.stdout).toContain('fatal: token *** was refused');
    expect(run.stdout + run.stderr).not.toContain(TOKEN);
    expect(everythingWritten(dir)).not.toContain(TOKEN);
  });
});
