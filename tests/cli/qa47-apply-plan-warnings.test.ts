/**
 * QA47: `validate` and `plan` print a plan's warnings (EVALC_REF_EXPECTED: a metric reads an
 * expected field no example of a dataset has, so each of its scores is a metric_error), but
 * `apply` — often the only command a CI job runs — said nothing, in text and in `--json`. It now
 * says them before the run: on stderr, as a `message` event with `--json`, not at all with
 * `--quiet`. Apply in process against a real RAIP agent on loopback.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/cli/apply.js';
import { type RaipAgent, startRaipAgent } from '../fixtures/raip-agent.js';
import { runCommand } from './run-cli.js';

let agent: RaipAgent;
let dir: string;

beforeAll(async () => {
  agent = await startRaipAgent();
  dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa47-apply-warnings-'));
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: qa47-warn, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: "${agent.url}", limits: { retries: 0 } }
tasks:
  t:
    bindings:
      default:
        input: { query: "{{q}}" }
        output: { answer: output.answer }
    datasets:
      d: { examples: [ { id: e1, vars: { q: "intro ML" }, expected: { codes: [CS229] } } ] }
    metrics:
      - { type: contains, candidate: answer, expected: mention }
run: { preflight: 0, bootstrap: 100 }
`,
  );
});

afterAll(async () => {
  await agent.close();
  rmSync(dir, { recursive: true, force: true });
});

const WARNING = /evalc\.yaml:\d+:\d+: warning EVALC_REF_EXPECTED: `contains` reads expected\.mention/;

describe('apply says the plan warnings validate and plan say (QA47)', () => {
  it('on stderr in text mode, before the run, and again when the lock is up to date', async () => {
    const first = await runCommand(applyCommand, ['evalc.yaml'], { cwd: dir });
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(WARNING);
    const again = await runCommand(applyCommand, ['evalc.yaml'], { cwd: dir });
    expect(again.stdout).toMatch(/^evalc\.lock is up to date/);
    expect(again.stderr).toMatch(WARNING);
  });

  it('as a message event with --json (every line JSON, the result last), and not with --quiet', async () => {
    const json = await runCommand(applyCommand, ['evalc.yaml', '--json', '--refresh'], { cwd: dir });
    const events = json.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { event: string; text?: string });
    expect(events.filter((e) => e.event === 'message').some((e) => WARNING.test(e.text ?? ''))).toBe(true);
    expect(events.at(-1)?.event).toBe('result');
    expect(json.stderr).toBe('');
    const quiet = await runCommand(applyCommand, ['evalc.yaml', '--quiet'], { cwd: dir });
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
  });
});
