/**
 * QA94: a stdio judge's `command:` written as a YAML block scalar (`command: |` then the command
 * on its own line) ends in a line break. evalc appended ` rpc <method>` after it, so sh ran the
 * judge with no arguments and then `rpc version` as a command of its own: "rpc: not found", exit
 * 127, every call failed while validate said nothing. The command's trailing whitespace is dropped
 * before `rpc <method>` is appended; a command of several lines keeps its lines.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runRpcProcess } from '../../src/protocols/agent-eval/rpc-process.js';

const JUDGE = path.resolve('tests/fixtures/agent-eval-rpc.mjs');

async function version(command: string) {
  return runRpcProcess({
    command,
    args: ['rpc', 'version'],
    stdin: '{}',
    cwd: process.cwd(),
    timeoutMs: 20_000,
    signal: AbortSignal.timeout(30_000),
  });
}

describe('a stdio judge command ending in a line break (QA94)', () => {
  it('answers rpc version when written as a YAML block scalar', async () => {
    for (const command of [
      `${JSON.stringify(process.execPath)} ${JSON.stringify(JUDGE)}\n`,
      `cd ${JSON.stringify(path.dirname(JUDGE))}\n${JSON.stringify(process.execPath)} agent-eval-rpc.mjs\n\n`,
    ]) {
      const result = await version(command);
      expect(result.ok, command).toBe(true);
      if (!result.ok) continue;
      expect(result.exitCode, `${command}: ${result.stderr}`).toBe(0);
      expect(JSON.parse(result.stdout.trim().split('\n').at(-1)!)).toHaveProperty('result');
    }
  }, 60_000);
});
