/**
 * Regression (QA95): three mistakes whose siblings already got a hint got none.
 * - a regex with a scoped inline flag, `(?i:hello)` (ECMAScript only from Node 23; Node 20 says
 *   "Invalid group"), or `(?i)` in the middle of a pattern: `(?i)` at its start names `flags: i`;
 * - `price:` (singular) on a cost metric: "cost takes: `model`, `budget`", where `prices:` there
 *   points at the plan's top-level `prices:`;
 * - an unterminated `${env.TOKEN` in a header (no diagnostic at all: sent as those characters) or
 *   in a url (only "not an absolute URL"), where `${env.}` says to write `${env.NAME}`.
 * Each now says what to write instead, at its file:line:col.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { writeFiles } from './plan-helpers.js';

const plan = `evalc: 1
benchmark: { id: hint, version: 1.0.0 }
agents:
  a1:
    protocol: http
    url: "http://127.0.0.1:\${env.PORT/ask"
    headers: { authorization: "Bearer \${env.TOKEN", x-b: "\${env.A} and \${env.B" }
tasks:
  t:
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { answer: answer }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
      - { id: r1, type: regex, candidate: answer, pattern: "(?i:hello) world" }
      - { id: r2, type: regex, candidate: answer, pattern: "order (?i)ord-1" }
      - { type: cost, price: { rag-small: { input: 0.5, output: 1.5 } } }
`;

async function diagnostics(): Promise<Diagnostic[]> {
  const dir = writeFiles({ 'evalc.yaml': plan }, 'evalc-qa95-hints-');
  return (await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true })).diagnostics;
}

describe('hints their siblings had (QA95)', () => {
  it('a scoped inline flag (?i:…) says to write flags: i', async () => {
    const d = (await diagnostics()).find((x) => x.source?.line === 17);
    expect(d?.code).toBe('EVALC_METRIC_PARAM');
    expect(d?.message).toContain('Invalid group');
    expect(d?.message).toContain(
      '`(?i:…)` is a scoped inline flag, which Node runs only from version 23: write `(?:…)` and `flags: i` for the whole pattern',
    );
    expect(d?.source).toMatchObject({ line: 17, col: 60 });
  });

  it('(?i) in the middle of a pattern says flags: i applies to the whole pattern', async () => {
    const d = (await diagnostics()).find((x) => x.source?.line === 18);
    expect(d?.message).toContain(
      "`(?i)` is Python/PCRE's inline flag syntax (ECMAScript has none for part of a pattern): drop it and write `flags: i`, which applies to the whole pattern",
    );
  });

  it("price: on a cost metric is pointed at the plan's top-level prices:", async () => {
    const d = (await diagnostics()).find((x) => x.code === 'EVALC_METRIC_PARAM_UNKNOWN');
    expect(d?.message).toBe('cost: unknown key `price`');
    expect(d?.hint).toContain('top-level `prices: { <model>: { input: <USD>, output: <USD> } }`');
    expect(d?.source).toMatchObject({ line: 19, col: 23 });
  });

  it('an unterminated ${env.X in a header or url says where, and what to write', async () => {
    const found = (await diagnostics()).filter(
      (x) => x.code === 'EVALC_SECRET_SYNTAX' && x.message.startsWith('unterminated'),
    );
    expect(found.map((x) => [x.message, x.hint, x.source?.line, x.source?.col])).toEqual([
      [
        'unterminated reference ${env.PORT (no closing `}`)',
        '${env.NAME} is read only in headers and serve.env: write the value itself here',
        6,
        10,
      ],
      ['unterminated reference ${env.TOKEN (no closing `}`)', 'write ${env.TOKEN}', 7, 31],
      ['unterminated reference ${env.B (no closing `}`)', 'write ${env.B}', 7, 58],
    ]);
    expect(found.every((x) => x.severity === 'error')).toBe(true);
  });
});
