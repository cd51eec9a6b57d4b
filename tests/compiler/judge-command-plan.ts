/**
 * The diagnostics `loadPlan` gives a one-judge plan whose stdio agent-eval judge has `command`:
 * shared by the tests of the judge command checks (QA82, QA89, QA92; the plan's text alone for
 * the CLI's, QA306). The plan folder is removed once the plan is loaded.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadPlan } from '../../src/compiler/load-plan.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';

/**
 * The plan's text: `agents` (its lines under `agents:`; agent `a`, raip, unless told), judge `j`
 * (agent-eval, `command`, rubric `r`) scoring task `t`'s one example.
 */
export function judgeCommandPlan(
  command: string,
  agents = '  a: { protocol: raip, url: "http://127.0.0.1:9" }',
): string {
  return `evalc: 1
benchmark: { id: b }
agents:
${agents}
judges:
  j: { protocol: agent-eval, command: ${JSON.stringify(command)}, rubric: r }
rubrics:
  r:
    dimensions:
      - { id: relevance, description: R }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }
    metrics: [ { type: judge, judge: j } ]
`;
}

export async function judgeCommandDiagnostics(command: string): Promise<Diagnostic[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-judge-command-'));
  try {
    writeFileSync(path.join(dir, 'evalc.yaml'), judgeCommandPlan(command));
    return (await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true })).diagnostics;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
