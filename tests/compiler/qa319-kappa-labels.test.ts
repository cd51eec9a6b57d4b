/**
 * QA319: `judge_agreement` with `primary: kappa, kappa: categorical` reads each `human_score` as a
 * label 1..K (rounded). Through `evalc apply`, eight judge/human pairs on [0, 1] — Pearson r 0.913
 * (scipy 0.9131960530), binary κ 0.714 (hand: po 7/8, pe 9/16 → 5/7) — read categorical κ −0.085,
 * score 0, as the humans' 0.2, 0.0 and 0.3 became label 0 and the rest label 1, and validate said
 * nothing. It now warns at the metric (EVALC_METRIC_KAPPA_LABELS), naming the first example outside
 * 1..K and counting the others, and stays quiet for labels 1..K or for the other statistics.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateJson, writeMetricPlan } from '../fixtures/validate-metric-plan.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa319-kappa-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function kappaWarnings(name: string, humans: number[], metric: string) {
  const file = path.join(work, name);
  const examples = humans.map((h, i) => `{ id: e${i}, vars: { q: hi }, human_score: ${h} }`).join(', ');
  writeMetricPlan(file, { examples, metrics: [metric], judged: true });
  const { code, diagnostics } = validateJson([file], work);
  return { code, found: diagnostics.filter((d) => d.code === 'EVALC_METRIC_KAPPA_LABELS') };
}

const unitScores = [1, 0.7, 0.2, 0.5, 0.5, 0, 0.9, 0.3];

describe('categorical κ on human scores that are no labels (QA319)', () => {
  it('warns at the metric, naming the first example outside 1..K and counting the others', () => {
    const { code, found } = kappaWarnings(
      'unit.yaml',
      unitScores,
      '{ type: judge_agreement, id: ja, primary: kappa, kappa: categorical }',
    );
    expect(code).toBe(0);
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toBe(
      "`ja` reads human_score as a label 1..5 (kappa: categorical), but example e2 of dataset d has 0.2 (and 2 more): Cohen's κ would compare the judge's labels with labels outside its categories",
    );
    expect(found[0]?.hint).toContain('kappa: binary');
    expect(found[0]?.source).toMatchObject({ line: 13, col: 9 });
  });

  it('reads categories: a label above K is outside too', () => {
    const { found } = kappaWarnings(
      'three.yaml',
      [1, 2, 3, 4],
      '{ type: judge_agreement, primary: kappa, kappa: categorical, categories: 3 }',
    );
    expect(found.map((d) => d.message)).toEqual([
      "`judge_agreement` reads human_score as a label 1..3 (kappa: categorical), but example e3 of dataset d has 4: Cohen's κ would compare the judge's labels with labels outside its categories",
    ]);
  });

  it('says nothing for labels 1..K (rounded), binary κ, or Pearson on the same scores', () => {
    const labels = kappaWarnings(
      'labels.yaml',
      [1, 2, 3.4, 4.6, 5],
      '{ type: judge_agreement, primary: kappa, kappa: categorical }',
    );
    expect(labels.found).toEqual([]);
    expect(
      kappaWarnings('binary.yaml', unitScores, '{ type: judge_agreement, primary: kappa }').found,
    ).toEqual([]);
    expect(
      kappaWarnings('pearson.yaml', unitScores, '{ type: judge_agreement, kappa: categorical }').found,
    ).toEqual([]);
  });
});
