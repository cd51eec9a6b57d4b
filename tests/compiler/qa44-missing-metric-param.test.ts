/**
 * QA44: DESIGN §2's judge metric names its judge (`{ type: judge, judge: strict, … }`); without
 * `judge:` validate said "judge: judge: Invalid input: expected string, received undefined".
 * An absent required parameter is now named as missing, with the plan's judges as the hint.
 */
import { describe, expect, it } from 'vitest';
import { planDiagnostics } from './plan-helpers.js';

const plan = (metric: string, judges = ''): string => `evalc: 1
benchmark: { id: b, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7201 }
${judges}tasks:
  t:
    bindings:
      default: { input: { query: "{{q}}" }, output: { answer: "output.answer" } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
      - ${metric}
`;

const errors = async (yaml: string) =>
  (await planDiagnostics(yaml))
    .filter((d) => d.severity === 'error')
    .map((d) => [d.code, d.message, d.hint, `${d.source?.line}:${d.source?.col}`]);

describe('a metric without a required parameter', () => {
  it('names the missing judge and the judges to choose from', async () => {
    const judges = `judges:
  strict: { protocol: agent-eval, url: http://127.0.0.1:5005, rubric: r }
  llm: { protocol: openai, url: http://127.0.0.1:11434/v1, model: m }
`;
    expect(await errors(plan('{ type: judge, threshold: 0.6 }', judges))).toEqual([
      [
        'EVALC_METRIC_PARAM',
        'judge: missing required parameter `judge`',
        'name the judge that scores it: judge: strict | llm',
        '15:9',
      ],
    ]);
  });

  it('names any other missing parameter the same way', async () => {
    expect((await errors(plan('{ type: position_bias }'))).map((e) => e[1])).toEqual([
      'position_bias: missing required parameter `forward`',
      'position_bias: missing required parameter `backward`',
    ]);
  });

  it('keeps the type error for a parameter that is there with the wrong type', async () => {
    expect((await errors(plan('{ type: judge, judge: 5 }'))).map((e) => e[1])).toEqual([
      'judge: judge: Invalid input: expected string, received number',
    ]);
  });
});
