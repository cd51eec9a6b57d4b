/**
 * The set-up of the tests that press Ctrl-C while apply waits on a request that never ends (QA291:
 * an agent's /info; QA295: a judge's /v1/version): a loopback server that accepts every request and
 * never answers, and `evalc apply` (CI=true) interrupted once a condition holds. Call these inside a
 * test: the server is closed, and the child killed if it still runs, when the test finishes.
 */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { tempFolder } from '../fixtures/temp-folder.js';
import { type CliResult, startCli, waitCli, waitFor } from './apply-harness.js';

export interface HungServer {
  port: number;
  /** Whether a request has come in. */
  asked(): boolean;
}

/** A server on 127.0.0.1 that accepts every request and never answers it. */
async function startHungServer(): Promise<HungServer> {
  let asked = false;
  const server = createServer(() => {
    asked = true;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { port: (server.address() as AddressInfo).port, asked: () => asked };
}

/**
 * A temp folder `prefix…` holding `d.jsonl` (one example: e1, q = x) and `evalc.yaml` = `plan(port)`
 * of a hung server started for it.
 */
export async function hungServerWorkspace(
  prefix: string,
  plan: (port: number) => string,
): Promise<{ dir: string; server: HungServer }> {
  const dir = tempFolder(prefix);
  const server = await startHungServer();
  writeFileSync(path.join(dir, 'd.jsonl'), `${JSON.stringify({ id: 'e1', vars: { q: 'x' } })}\n`);
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(server.port));
  return { dir, server };
}

/** Runs `evalc apply` in `dir` (CI=true), sends Ctrl-C once `ready()` holds (within 20 s): how it ended. */
export async function interruptApplyWhen(
  dir: string,
  ready: () => boolean,
  what: string,
): Promise<CliResult> {
  const child = startCli(['apply'], { cwd: dir, env: { CI: 'true' } });
  const done = waitCli(child, 60_000);
  onTestFinished(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  await waitFor(ready, 20_000, what);
  child.kill('SIGINT');
  return done;
}
