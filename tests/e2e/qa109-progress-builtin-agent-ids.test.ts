/**
 * QA109: an agent id may be `constructor` or `toString` (an ASCII word; only `__proto__` is refused,
 * 9fec674). apply's per-agent totals for the progress were summed in a plain object, so
 * `totals.constructor` started as Object's function: the progress read
 * 'constructor 2/function Object() { [native code] }2 … eta NaNs' and --json's run_started event
 * carried that string as the total (900abe8 the same).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startChatAgent } from '../fixtures/chat-agent.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});
beforeAll(() => assertBuilt());

describe('progress of agents named like Object.prototype members', () => {
  it('counts their examples as numbers, in the lines and in --json', async () => {
    const agent = await startChatAgent(['echo']);
    cleanups.push(() => void agent.close());
    const other = await startChatAgent(['echo']);
    cleanups.push(() => void other.close());
    const ws = tempWorkspace('qa109-progress-builtin');
    cleanups.push(ws.cleanup);
    writeFileSync(
      path.join(ws.dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: builtin-agents }
agents:
  constructor: { protocol: chat, url: "${agent.endpoint}", limits: { retries: 0 } }
  toString: { protocol: chat, url: "${other.endpoint}", limits: { retries: 0 } }
tasks:
  t:
    bindings: { default: { input: "{{q}}", output: { answer: "messages[-1].content" } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi }, expected: hi }, { id: e2, vars: { q: yo }, expected: yo } ] } }
    metrics: [ { type: exact_match } ]
`,
    );
    const json = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: ws.dir });
    expect(json.code, `${json.stdout}\n${json.stderr}`).toBe(0);
    const started = `${json.stdout}\n${json.stderr}`
      .split('\n')
      .filter((l) => l.includes('"run_started"'))
      .map((l) => JSON.parse(l) as { totals: Record<string, unknown> });
    expect(started).toEqual([{ event: 'run_started', totals: { constructor: 2, toString: 2 } }]);

    const plain = await runCli(['apply', 'evalc.yaml', '--refresh'], { cwd: ws.dir });
    expect(plain.code, plain.stderr).toBe(0);
    const out = `${plain.stdout}\n${plain.stderr}`;
    expect(out).not.toContain('native code');
    expect(out).not.toContain('NaN');
    expect(out).toMatch(/^constructor\s+2\/2\b/m);
    expect(out).toMatch(/^toString\s+2\/2\b/m);
  });
});
