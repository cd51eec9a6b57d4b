/**
 * Runs evalc commands for tests (validate/plan/graph/schema/init tests): in-process (fast, for snapshots) with the same ExitError
 * handling as src/cli/main.ts, or as a real child process of the built CLI (dist/, built by
 * `npm run build`, which `npm test` runs first).
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from '../../src/cli/context.js';
import { ExitError } from '../../src/cli/exit-error.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CLI = path.join(REPO_ROOT, 'dist/evalc.mjs');
export const FIXTURE_PLANS = path.join(REPO_ROOT, 'tests/fixtures/plans');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCommand(
  command: Command,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const ctx = {
    args,
    cwd: options.cwd,
    env: options.env ?? {},
    stdout: (text: string) => {
      stdout += text;
    },
    stderr: (text: string) => {
      stderr += text;
    },
    signal: new AbortController().signal,
    isTTY: false,
  };
  try {
    const code = await command(ctx);
    return { code, stdout, stderr };
  } catch (err) {
    if (err instanceof ExitError)
      return { code: err.code, stdout, stderr: `${stderr}evalc: ${err.message}\n` };
    throw err;
  }
}

export function spawnCli(
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): CliResult {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
  const child = spawnSync(process.execPath, [CLI, ...args], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', ...options.env },
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 20_000,
  });
  return { code: child.status ?? -1, stdout: child.stdout, stderr: child.stderr };
}

/** `spawnCli` without blocking, so a test can run a few CLIs side by side. */
export function spawnCliAsync(
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<CliResult> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      {
        cwd: options.cwd,
        env: { PATH: process.env.PATH ?? '', ...options.env },
        encoding: 'utf8',
        timeout: options.timeoutMs ?? 20_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
