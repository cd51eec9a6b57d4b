/**
 * QA185 (the case next to QA182's 60f2532): a seed mae agent that echoes a secret and stops halfway
 * through it, never ending its line, times out quoting what it wrote — and the quote ended in the
 * secret's head, in the open in report.json, report.md, junit.xml and the step cache (`key
 * sk-live-0123456789ab"`), where a whole secret read `***`. The quote now ends in a `…` where the
 * agent stopped, and the head before it is masked as any cut secret's is; so is what came of a reply
 * a crash cut short ('what came of it: …', QA163/QA168's quote, alike). The built CLI, a real stdio
 * agent; the secret is a run secret through another agent's header.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './apply-harness.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const TOKEN = 'sk-live-0123456789abcdefghijklmnop';

const AGENT = `import readline from 'node:readline';
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  process.stdout.write('{"action": "final_answer", "summary": "key ' + process.env.TOK.slice(0, 20));
  if (JSON.parse(line).task_description === 'crash') process.exit(3);
});
`;

const PLAN = `evalc: 1
benchmark: { id: qa185-half-secret }
agents:
  m: { protocol: mae, transport: local, command: "node agent.mjs", limits: { timeout: 1s } }
  h:
    protocol: http
    url: http://127.0.0.1:9/ask
    headers: { authorization: "Bearer \${env.TOK}" }
    limits: { retries: 0 }
tasks:
  t:
    instructions: "Say it."
    bindings: { default: { input: "{{q}}", output: { answer: final_answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: a } }, { id: e2, vars: { q: crash } } ] } }
    metrics: [ { type: contains, candidate: answer, value: done } ]
run: { preflight: 0 }
`;

/** Every file under `dir`, read as text. */
function allText(dir: string): string {
  let text = '';
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) text += readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
  return text;
}

describe('a reply left unfinished in the middle of a secret (QA185)', () => {
  it('is quoted with the secret head masked before its …, in every report and the cache', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa185-half-secret-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'agent.mjs'), AGENT);
    writeFileSync(path.join(dir, 'evalc.yaml'), PLAN);
    const run = await runCli(['apply'], { cwd: dir, env: { TOK: TOKEN }, timeoutMs: 60_000 });
    expect(run.code).toBe(1);
    const report = JSON.parse(readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8')) as {
      examples: {
        agent: string;
        example: string;
        repeats: { error: { kind: string; message: string } | null }[];
      }[];
    };
    const errorOf = (example: string) =>
      report.examples.find((e) => e.agent === 'm' && e.example === example)?.repeats[0]?.error;
    const error = errorOf('e1');
    expect(error?.kind).toBe('timeout');
    expect(error?.message).toContain(
      'it wrote "{\\"action\\": \\"final_answer\\", \\"summary\\": \\"key ***…" with no end of line',
    );
    // a process that exits in the middle of its reply: what came of it is quoted the same way
    expect(errorOf('e2')?.kind).toBe('process_crashed');
    expect(errorOf('e2')?.message).toContain(
      'in the middle of a reply; what came of it: {"action": "final_answer", "summary": "key ***…',
    );
    const written = allText(dir) + run.stdout + run.stderr;
    expect(written).not.toContain(TOKEN.slice(0, 12));
  });
});
