/**
 * QA315: a judge metric whose rubric is neither defined under rubrics:, an evalc built-in, nor
 * listed by the agent-eval server (`clarty` for `clarity`) fails every score rubric_not_found.
 * `apply` warned so before the run (QA97); `plan`, which asks the server's GET /v1/rubrics too,
 * said only "because judge j's rubric changed". It now notes it, naming what the server lists.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import { type FakeAgentEvalServer, startAgentEvalServer } from '../fixtures/agent-eval-server.js';
import { runCommand } from './run-cli.js';

let judge: FakeAgentEvalServer;
let dir: string;
beforeAll(async () => {
  judge = await startAgentEvalServer();
  dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa315-rubric-'));
});
afterAll(async () => {
  await judge.close();
  rmSync(dir, { recursive: true, force: true });
});

const plan = (rubric: string) => `evalc: 1
benchmark: { id: b }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:9 }
judges:
  j: { protocol: agent-eval, url: "${judge.url}", rubric: ${rubric} }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }
    metrics:
      - { type: judge, judge: j, content: "{{candidate.answer}}" }
`;

async function notes(rubric: string): Promise<string[]> {
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(rubric));
  const result = await runCommand(planCommand, ['--json'], { cwd: dir });
  return (JSON.parse(result.stdout) as { notes: string[] }).notes.filter((n) => n.startsWith('judge j'));
}

describe('plan of a judge whose rubric the server does not list', () => {
  it('notes it, naming what the server lists', async () => {
    expect(await notes('clarty')).toEqual([
      'judge j: rubric "clarty" is not defined under rubrics:, not an evalc built-in, and the server does not list it (it lists: anti-slop, clarity): apply would fail every score judged against it rubric_not_found (config_error)',
    ]);
  });

  it('says nothing of a listed one', async () => {
    expect((await notes('clarity')).filter((n) => n.includes('does not list'))).toEqual([]);
  });
});
