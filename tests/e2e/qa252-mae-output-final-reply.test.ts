/**
 * QA252: an mae reply document's `output` is the agent's last reply's own fields with `answer` set
 * to the final answer (0de8af66). Real CLI, a local mae agent written from the seed whose
 * final_answer reply carries `courses` and an `answer` of its own beside its `summary`:
 * DESIGN §2's default binding reads `output.courses[].code` from that reply, `output.answer` is the
 * final answer (the `summary`, its first choice, as README says), and the reply's own `answer`
 * stays readable as `actions[-1].answer`; the trajectory in the report carries no `output`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './apply-harness.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const AGENT = `import readline from "node:readline";
readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const p = JSON.parse(line);
  const reply = p.turn === 1
    ? { action: "call_tool", tool_name: "search_courses", tool_params: { q: "ML" }, summary: "Searching." }
    : { action: "final_answer", summary: "Take CS229.", answer: "own answer", courses: [{ code: "CS229" }, { code: "CS230" }] };
  process.stdout.write(JSON.stringify(reply) + "\\n");
});
`;

interface ReportExample {
  agent: string;
  repeats: { candidates: Record<string, unknown>; trajectory: { response: Record<string, unknown> } }[];
  metrics: { id: string; score: number }[];
}

describe('an mae final reply read through output (DESIGN §2 default binding)', () => {
  it('reads courses from the final reply, output.answer the summary, its own answer under actions[-1]', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa252-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'mae.mjs'), AGENT);
    writeFileSync(
      path.join(dir, 'search.jsonl'),
      `${JSON.stringify({ id: 's1', vars: { user_query: 'intro ML' }, expected: { codes: ['CS230', 'CS229'] } })}\n`,
    );
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: course-advisor, version: 1.0.0 }
agents:
  a3: { protocol: mae, transport: local, command: "node mae.mjs", maxTurns: 5 }
tasks:
  search:
    bindings:
      default:
        input: { query: "{{user_query}}" }
        output: { answer: "output.answer", codes: "output.courses[].code", own: "actions[-1].answer" }
    datasets:
      course-search: { source: search.jsonl }
    metrics:
      - { type: exact_match, candidate: codes, expected: codes, mode: set }
run: { repeats: 1, preflight: 0, seed: 7 }
`,
    );
    const validate = await runCli(['validate', 'evalc.yaml', '--json'], { cwd: dir, timeoutMs: 60_000 });
    expect(validate.stdout).not.toContain('EVALC_BIND_FIELD');
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir, timeoutMs: 90_000 });
    expect(run.stderr).not.toContain('extraction_failed');
    expect(run.code).toBe(0);
    const report = JSON.parse(readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8')) as {
      examples: ReportExample[];
    };
    const a3 = report.examples.find((e) => e.agent === 'a3');
    expect(a3?.repeats[0]?.candidates).toEqual({
      answer: 'Take CS229.',
      codes: ['CS229', 'CS230'],
      own: 'own answer',
    });
    expect(a3?.metrics.find((m) => m.id === 'exact_match')?.score).toBe(1);
    // `output` is added where extraction reads the document, never stored with the trajectory.
    expect(a3?.repeats[0]?.trajectory.response).not.toHaveProperty('output');
    expect(a3?.repeats[0]?.trajectory.response.final_answer).toBe('Take CS229.');
  }, 120_000);
});
