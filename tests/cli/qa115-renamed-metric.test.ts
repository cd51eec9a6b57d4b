/**
 * QA115: a pull request renames a gated metric (`id: cap_match` → `id: capital_exact`, same type
 * and settings). Its regression gate compares nothing with main's lock, which has no result of the
 * new name: the gate was skipped saying `no paired examples with the baseline` (every example pairs),
 * apply's summary said `1 skipped` with no reason, and `evalc diff` listed a metric removed and one
 * added as two unrelated lines.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppliedChatPlan, applyChatPlan } from '../fixtures/applied-chat-plan.js';
import type { ChatAgent } from '../fixtures/chat-agent.js';
import { spawnCliAsync } from './run-cli.js';

const plan = (endpoint: string, id: string) => `evalc: 1
benchmark: { id: qa115-rename, version: 1.0.0 }
agents:
  c1: { protocol: chat, url: ${endpoint} }
tasks:
  t:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "messages[-1].content" }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } }, { id: e2, vars: { q: yo }, expected: { answer: zz } } ] }
    metrics:
      - { type: contains, id: ${id}, candidate: answer, expected: answer }
gates:
  - { metric: ${id}, regression: { max_drop: 0.05 } }
`;

let applied: AppliedChatPlan;
let agent: ChatAgent;
let dir: string;
let base: string;
const env = { CI: 'true' };

beforeAll(async () => {
  applied = await applyChatPlan('evalc-qa115-rename-', (endpoint) => plan(endpoint, 'cap_match'), {});
  ({ agent, dir } = applied);
  base = path.join(dir, 'main.lock');
  copyFileSync(path.join(dir, 'evalc.lock'), base);
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.endpoint, 'capital_exact'));
});

afterAll(() => applied.close());

describe('a gated metric renamed in a pull request (QA115)', () => {
  it('its regression gate says the baseline has no result of it, in the summary and the reports', async () => {
    const out = await spawnCliAsync(['apply', '--baseline', base], { cwd: dir, env });
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout + out.stderr).toContain(
      'gates 0/1 passed, 1 skipped (regression: not in the baseline: capital_exact)',
    );
    const md = readFileSync(path.join(dir, '.evalc/reports/report.md'), 'utf8');
    expect(md).toContain('capital\\_exact: the baseline has no results of this metric \\(added, or renamed');
    expect(md).not.toContain('no paired examples with the baseline');
    const junit = readFileSync(path.join(dir, '.evalc/reports/junit.xml'), 'utf8');
    expect(junit).toMatch(/<skipped message="capital_exact: the baseline has no results of this metric/);
  });

  it('evalc diff names the likely rename on both lines', async () => {
    const out = await spawnCliAsync(['diff', base, 'evalc.lock'], { cwd: dir, env });
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain(
      't/cap_match: metric removed (was {"candidate":"answer","expected":"answer","id":"cap_match","type":"contains"}); t/capital_exact has the same type and settings: renamed?',
    );
    expect(out.stdout).toContain('; t/cap_match has the same type and settings: renamed?');
  });

  it('a metric added beside an unchanged one is no rename', async () => {
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      plan(agent.endpoint, 'cap_match').replace(
        '    metrics:\n',
        '    metrics:\n      - { type: contains, id: other, candidate: answer, expected: answer }\n',
      ),
    );
    const applied = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env });
    expect(applied.code, applied.stderr).toBe(0);
    const out = await spawnCliAsync(['diff', base, 'evalc.lock'], { cwd: dir, env });
    expect(out.stdout).toContain('t/other: metric added');
    expect(out.stdout).not.toContain('renamed?');
  });
});
