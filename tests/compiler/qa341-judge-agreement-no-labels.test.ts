/**
 * QA341: `judge_agreement` (DESIGN §4: "Pearson, Spearman, Cohen's κ vs human labels") pairs the
 * judge's scores with the examples' `human_score`. Added to DESIGN's plan, whose course-search
 * examples carry none, it had no pair and no figure: report.md left the metric out, and validate said
 * nothing. Now a warning at the metric names the dataset; a dataset with one label says nothing.
 */
import { describe, expect, it } from 'vitest';
import { validateWarnings } from '../fixtures/agents-task-validate.js';

const planWith = (examples: string) => `evalc: 1
benchmark: { id: k, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
  a2: { protocol: raip, url: http://127.0.0.1:7102 }
judges:
  llm: { protocol: openai, url: http://127.0.0.1:11434/v1, model: qwen2.5, temperature: 0 }
tasks:
  search:
    bindings:
      default:
        input: { query: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      course-search: { examples: [ ${examples} ] }
    metrics:
      - { type: judge, judge: llm, content: "{{candidate.answer}}" }
      - { type: judge_agreement }
`;

const warnings = (examples: string) =>
  validateWarnings(planWith(examples), (d) => d.message.includes('human_score'), 'evalc-qa341-');

describe('judge_agreement over a dataset without human labels', () => {
  it('warns once at the metric (not once per agent), naming the dataset', async () => {
    const found = await warnings('{ id: e1, vars: { q: hi } }, { id: e2, vars: { q: ho } }');
    expect(found).toEqual([
      expect.objectContaining({
        code: 'EVALC_REF_EXPECTED',
        severity: 'warning',
        source: { file: 'evalc.yaml', line: 18, col: 9 },
        message:
          "`judge_agreement` compares the judge with the examples' human_score, which no example of dataset course-search has: it has no figure there",
      }),
    ]);
  });

  it('says nothing when an example has a human_score', async () => {
    expect(
      await warnings('{ id: e1, vars: { q: hi }, human_score: 0.8 }, { id: e2, vars: { q: ho } }'),
    ).toEqual([]);
  });
});
