/**
 * A metric's missing required parameter says what the parameter is: `position_bias: missing
 * required parameter \`forward\`` came with no hint, and DESIGN §4 names the metric only (QA101).
 * The hint is the parameter's own description, as `evalc schema` documents it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateJson, writeMetricPlan } from '../fixtures/validate-metric-plan.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa101-param-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function hints(metric: string): Record<string, string | undefined> {
  writeMetricPlan(path.join(work, 'evalc.yaml'), {
    examples: '{ id: e1, vars: { q: hi } }',
    metrics: [metric],
    judged: false,
  });
  const { code, diagnostics } = validateJson([], work);
  expect(code).toBe(65);
  return Object.fromEntries(diagnostics.map((d) => [d.message, d.hint]));
}

describe('a missing metric parameter', () => {
  it('is explained by its description', () => {
    expect(hints('{ type: position_bias }')).toEqual({
      'position_bias: missing required parameter `forward`':
        'forward: Metric id: preference for the first response, pair shown as (A, B)',
      'position_bias: missing required parameter `backward`':
        'backward: Metric id: preference for the first response, pair shown as (B, A)',
    });
    expect(hints('{ type: win_rate }')).toEqual({
      'win_rate: missing required parameter `baseline`':
        'baseline: The agent to compare against (an agent id of the plan)',
    });
  });
});
