/**
 * QA72: DESIGN §2 — a `command:` runs in the folder of the plan file that declares it. Two
 * versions of an agent kept side by side (`agents/v1/bot.yaml` and `agents/v2/bot.yaml`, each
 * `command: node bot.mjs` beside its own bot.mjs): pointing `include:` at v2 ran v2's program,
 * yet `plan` said "No changes" and `apply` kept v1's answers, because the command's folder was in
 * no key. The same for an agent-eval judge's `command:`. The folder is now part of the agent's and
 * judge's identity (relative to the plan: moving the whole plan changes nothing) and the lock.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertBuilt, REPO_ROOT, runCli, tempWorkspace } from './apply-harness.js';

assertBuilt();
const { dir: root, cleanup } = tempWorkspace('evalc-qa72-command-folder-');
afterAll(cleanup);

const bot = (answer: string) => `import { createInterface } from 'node:readline';
createInterface({ input: process.stdin }).on('line', (line) => {
  if (!line.trim()) return;
  process.stdout.write(JSON.stringify({ action: 'final_answer', summary: '${answer}' }) + '\\n');
});
`;

const plan = (agent: string, judge = agent) => `evalc: 1
benchmark: { id: versions }
include: [agents/${agent}/bot.yaml, judges/${judge}/judge.yaml]
rubrics:
  r: { dimensions: [ { id: relevance, description: "Answers the question", weight: 1 } ] }
tasks:
  t:
    bindings: { default: { input: { task_description: "{{q}}" }, output: { answer: final_answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: "from v2" } } ] } }
    metrics:
      - { type: contains, candidate: answer, expected: answer }
      - { type: judge, judge: j, content: "{{candidate.answer}}" }
`;

function writeWorkspace(dir: string): void {
  for (const version of ['v1', 'v2']) {
    const agents = path.join(dir, 'agents', version);
    mkdirSync(agents, { recursive: true });
    writeFileSync(path.join(agents, 'bot.mjs'), bot(`answer from ${version}`));
    writeFileSync(
      path.join(agents, 'bot.yaml'),
      'agents:\n  bot: { protocol: mae, transport: local, command: "node bot.mjs" }\n',
    );
    const judges = path.join(dir, 'judges', version);
    mkdirSync(judges, { recursive: true });
    for (const file of ['agent-eval-rpc.mjs', 'agent-eval-wire-core.mjs', 'agent-eval-anti-slop.mjs'])
      cpSync(path.join(REPO_ROOT, 'tests/fixtures', file), path.join(judges, file));
    writeFileSync(
      path.join(judges, 'judge.yaml'),
      'judges:\n  j: { protocol: agent-eval, command: "node agent-eval-rpc.mjs", rubric: r }\n',
    );
  }
  writeFileSync(path.join(dir, 'evalc.yaml'), plan('v1'));
}

const scoreOf = (dir: string, metric: string): unknown => {
  const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8'));
  return lock.results[0].metrics[metric].score;
};

describe('a command: runs in its declaring file folder, and that folder is in its identity (QA72)', () => {
  it('switching include: to another folder with the same command text re-runs that agent and judge', async () => {
    const dir = path.join(root, 'plan');
    writeWorkspace(dir);
    const first = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(first.code, first.stderr).toBe(0);
    expect(scoreOf(dir, 'contains')).toBe(0);
    const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8'));
    expect(lock.agents.bot).toMatchObject({ endpoint: 'node bot.mjs', commandDir: 'agents/v1' });
    expect(lock.judges.j).toMatchObject({ endpoint: 'node agent-eval-rpc.mjs', commandDir: 'judges/v1' });

    writeFileSync(path.join(dir, 'evalc.yaml'), plan('v2', 'v1'));
    const planned = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(planned.code, planned.stdout).toBe(2);
    expect(planned.stdout).toMatch(
      /~ invoke +versions\/t\[bot\] +1 example +because agent bot's command runs in another folder \(agents\/v1 → agents\/v2\)/,
    );
    const second = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(second.code, second.stderr).toBe(0);
    expect(scoreOf(dir, 'contains')).toBe(1);

    writeFileSync(path.join(dir, 'evalc.yaml'), plan('v2', 'v2'));
    const judged = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(judged.code, judged.stdout).toBe(2);
    expect(judged.stdout).toMatch(
      /~ score +versions\/t\[bot\]\/judge +1 example +because judge j's command runs in another folder \(judges\/v1 → judges\/v2\)/,
    );
    expect(judged.stdout).toMatch(/Plan: 0 to invoke, 0 to extract, 1 to score/);
    const third = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(third.code, third.stderr).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')).judges.j.commandDir).toBe(
      'judges/v2',
    );
  });

  it('moving the whole plan folder keeps the lock byte-identical', async () => {
    const from = path.join(root, 'a');
    writeWorkspace(from);
    const applied = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: from });
    expect(applied.code, applied.stderr).toBe(0);
    const written = readFileSync(path.join(from, 'evalc.lock'), 'utf8');
    const to = path.join(root, 'elsewhere/deeper/b');
    mkdirSync(path.dirname(to), { recursive: true });
    cpSync(from, to, { recursive: true });
    rmSync(path.join(to, 'evalc.lock')); // written again from the moved cache
    const again = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: to });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toMatch(/agent bot|judge j/);
    expect(readFileSync(path.join(to, 'evalc.lock'), 'utf8')).toBe(written);
  });

  it("a command: whose text changed is named in plan's reason, as a url is", async () => {
    const dir = path.join(root, 'text');
    writeWorkspace(dir);
    const applied = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(applied.code, applied.stderr).toBe(0);
    const file = path.join(dir, 'agents/v1/bot.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('node bot.mjs', 'node ./bot.mjs'));
    const planned = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(planned.code, planned.stdout).toBe(2);
    expect(planned.stdout).toMatch(
      /~ invoke +versions\/t\[bot\] +1 example +because agent bot's command changed \(node bot\.mjs → node \.\/bot\.mjs\)/,
    );
  });
});
