/** A metric's candidate that one agent's binding does not extract: a warning naming the agent, not an error. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const PLAN = `evalc: 1
benchmark: { id: b }
agents:
  a1: { protocol: raip, url: "http://127.0.0.1:9" }
  a2: { protocol: chat, url: "http://127.0.0.1:9/agent/respond" }
tasks:
  search:
    bindings:
      default: { input: { query: "{{q}}" }, output: { answer: output.answer, codes: "output.courses[].code" } }
      a2: { input: { messages: [ { role: user, content: "{{q}}" } ] }, output: { answer: "messages[-1].content" } }
    datasets: { d: { examples: [ { id: e1, vars: { q: x }, expected: { codes: [A], answer: x } } ] } }
    metrics:
      - { type: exact_match, candidate: codes, expected: codes, mode: set }
      - { type: contains, candidate: answer, expected: answer }
`;

describe('candidates per agent', () => {
  it('warns, at the metric, for each agent whose binding lacks the candidate (DESIGN §2 example: a2 and codes)', async () => {
    const dir = writeFiles({ 'evalc.yaml': PLAN });
    const loaded = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    expect(loaded.compiled).toBeDefined();
    const found = loaded.diagnostics.map((d) => [
      d.code,
      d.severity,
      d.message,
      d.source?.line,
      d.source?.col,
    ]);
    expect(found).toEqual([
      [
        'EVALC_REF_CANDIDATE_AGENT',
        'warning',
        "agent `a2`'s binding has no output `codes`: its `exact_match` compares nothing and scores as a miss",
        13,
        41,
      ],
    ]);
  });

  it('an agent with an unknown protocol is one error, not also an unknown-candidate error', async () => {
    const dir = writeFiles({
      'evalc.yaml': PLAN.replace('a1: { protocol: raip', 'a1: { protocol: grpc')
        .replace(/^ {2}a2: .*\n/m, '')
        .replace(/^ {6}a2: .*\n/m, ''),
    });
    const loaded = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    expect(loaded.diagnostics.map((d) => d.code)).toEqual(['EVALC_SCHEMA_VALUE']);
  });
});
