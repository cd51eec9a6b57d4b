/**
 * A metric that omits `expected:` now reads the candidate's own field of a mapping expected value
 * (src/metrics/resolve-fields.ts expectedPathFor). Its score keys carry that rule, so a score cached
 * under the old rule (the whole mapping) is not reused; metrics naming `expected:` keep their keys.
 */
import { describe, expect, it } from 'vitest';
import { digestOf } from '../../src/compiler/content-key.js';
import { compileFiles } from './plan-helpers.js';

const PLAN = `evalc: 1
benchmark: { id: keys, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings:
      default:
        input: { query: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
      - { type: exact_match }
      - { type: exact_match, id: named, expected: answer }
      - { type: contains, id: literal, value: hi }
`;

describe('score keys of metrics without expected:', () => {
  it('carry the candidate-field rule only when expected: is omitted (and no literal value)', async () => {
    const compiled = await compileFiles({ 'evalc.yaml': PLAN });
    const metrics = compiled.groups[0]!.group.metrics;
    const digest = (id: string) => metrics.find((m) => m.id === id)!;
    const bare = digest('exact_match');
    expect(bare.digest).toBe(
      digestOf({
        config: bare.config,
        version: bare.version,
        judge: null,
        expectedDefault: 'candidate-field',
      }),
    );
    const named = digest('named');
    expect(named.digest).toBe(digestOf({ config: named.config, version: named.version, judge: null }));
    const literal = digest('literal');
    expect(literal.digest).toBe(digestOf({ config: literal.config, version: literal.version, judge: null }));
  });
});
