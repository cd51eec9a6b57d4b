/**
 * Validate-time check of `judge_agreement` with `primary: kappa, kappa: categorical`: κ compares the
 * judge's label round(s·(K−1)) + 1 with each example's `human_score` rounded, so a human score must
 * already be a label 1..K. Human scores on [0, 1] (the scale `kappa: binary`'s `human_cut` reads)
 * round to 0 or 1, and κ was computed against labels no category holds, with no word (QA319: through
 * apply, eight judge/human pairs with Pearson r 0.913 and binary κ 0.714 read categorical κ −0.085,
 * score 0). A warning, as the plan is well-formed: it names the first example and counts the others.
 */
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { ResolvedGroup } from './resolve.js';

export function checkKappaLabels(
  group: ResolvedGroup,
  locate: (path: PlanPath) => SourcePosition | undefined,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const metric of group.metrics) {
    if (metric.type !== 'judge_agreement') continue;
    const config = metric.config as Record<string, unknown>;
    if (config.primary !== 'kappa' || config.kappa !== 'categorical') continue;
    const k = typeof config.categories === 'number' ? config.categories : 5;
    // As the metric reads a label: Math.round of the number (judge_agreement in evaluator-reliability.ts).
    const outside = group.dataset.examples.filter((e) => {
      const h = e.human_score;
      if (typeof h !== 'number') return false;
      const label = Math.round(h);
      return label < 1 || label > k;
    });
    const first = outside[0];
    if (first === undefined) continue;
    const more = outside.length > 1 ? ` (and ${outside.length - 1} more)` : '';
    out.push(
      diagnostic(
        'EVALC_METRIC_KAPPA_LABELS',
        `\`${metric.id}\` reads human_score as a label 1..${k} (kappa: categorical), but example ${first.id} of dataset ${group.datasetId} has ${first.human_score}${more}: Cohen's κ would compare the judge's labels with labels outside its categories`,
        metric.path,
        {
          source: locate(metric.path),
          hint: `give human_score as the humans' label 1..${k}; for scores in [0, 1] use \`kappa: binary\` (with \`human_cut\`), or \`primary: pearson\` or \`spearman\``,
          severity: 'warning',
        },
      ),
    );
  }
  return out;
}
