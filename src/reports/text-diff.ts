/** `evalc diff` in a terminal: plain text, regressions first, flips, pins that changed. */

import { showControlChars } from '../lockfile/control-chars.js';
import type { LockDiff } from '../lockfile/diff.js';
import { pClause } from '../metrics/p-value-text.js';
import { formatDeltaCi } from './delta-ci.js';
import { errorsNote } from './diff-errors-note.js';
import { exampleCounts } from './example-counts.js';
import { formatDeltaFigure, formatDeltaSigned, formatP, formatScope, volatileFigure } from './format.js';
import {
  compositionNote,
  deltaArrow,
  gateChangeText,
  newlyFailingGates,
  selectionNote,
  shownDeltas,
  unpairedNote,
} from './markdown-diff.js';
import { listIds, shownId } from './markdown-text.js';
import { monteCarloFloorNote } from './monte-carlo-floor-note.js';

/** "1 regression", "2 regressions", as report.md and report.html count (QA171: the text said "regression(s)"). */
export function counted(n: number, noun: string, nouns = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : nouns}`;
}

/** "1 newly failing gate, " when a gate that passed, or was absent, fails now (QA169); else nothing. */
function newlyFailingNote(diff: LockDiff): string {
  const n = newlyFailingGates(diff);
  return n > 0 ? `${counted(n, 'newly failing gate')}, ` : '';
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

export function renderTextDiff(diff: LockDiff): string {
  const s = diff.summary;
  const lines: string[] = [];
  const title =
    diff.benchmark.old === diff.benchmark.new
      ? diff.benchmark.new
      : `${diff.benchmark.old} → ${diff.benchmark.new}`;
  lines.push(
    `evalc diff — ${title}: ${counted(s.regressions, 'significant regression')}, ${newlyFailingNote(diff)}${counted(s.improvements, 'improvement')}, ${s.passToFail} pass → fail, ${s.failToPass} fail → pass${errorsNote(s.errors)} (${exampleCounts(diff)}, α = ${diff.options.significance})`,
  );
  if (diff.selection) lines.push('', selectionNote(diff.selection));
  if (diff.comparability.length > 0) {
    lines.push('', diff.comparable ? 'Pins that changed:' : 'Not strictly comparable — pins that changed:');
    for (const c of diff.comparability) lines.push(`  ${c.severity === 'warning' ? '!' : '·'} ${c.message}`);
  }
  const deltas = shownDeltas(diff);
  if (deltas.length > 0) {
    lines.push('', 'Aggregates:');
    for (const d of deltas) {
      const mark =
        d.old === null && d.new !== null
          ? 'new        '
          : d.new === null && d.old !== null
            ? 'gone       '
            : d.direction === 'regression'
              ? 'REGRESSION '
              : d.direction === 'improvement'
                ? 'improvement'
                : // no test, no verdict (a value beside its score, QA138): not "n.s." (QA152)
                  d.method === 'none'
                  ? '—          '
                  : 'n.s.       ';
      lines.push(
        `  ${mark} ${pad(formatScope(d.scope), 28)} ${pad(d.agent, 10)} ${pad(`${d.metric}${d.field === 'value' ? ' (value)' : ''}`, 18)} ${formatDeltaFigure(d.old, d.field)} → ${formatDeltaFigure(d.new, d.field)}  ${deltaArrow(d)} ${pad(formatDeltaSigned(d), 7)} CI ${pad(formatDeltaCi(d), 17)} p ${pClause(formatP(d.pValue, diff.options.significance))} (${d.method}${d.pValueMethod === 'monte_carlo' ? ', Monte Carlo' : ''})`,
      );
    }
    const note = compositionNote(diff, deltas);
    if (note) lines.push(`  (${note})`);
    const unpaired = unpairedNote(deltas);
    if (unpaired) lines.push(`  (${unpaired})`);
    const floor = monteCarloFloorNote(deltas, diff.options.significance, diff.options.resamples);
    if (floor) lines.push(`  (${floor})`);
  } else lines.push('', 'No aggregate changed.');
  // The counts above include every scope; a single-dataset task's dataset row repeats the task's.
  const hidden = diff.aggregates.filter((d) => d.significant && !deltas.includes(d)).length;
  if (hidden > 0)
    lines.push(
      `  (${counted(hidden, 'more significant change', 'more significant changes')} at dataset scope, the same as their single-dataset task's, not shown)`,
    );
  // A task added or removed with one dataset: its dataset rows are new or gone as the task's are,
  // hidden as in report.md, which says so (QA150: the text left them out in silence).
  const oneSided = diff.aggregates.filter(
    (d) => (d.old === null) !== (d.new === null) && !deltas.includes(d),
  ).length;
  if (oneSided > 0)
    lines.push(
      `  (${counted(oneSided, 'more new or gone aggregate')} at dataset scope, the same as their single-dataset task's, not shown)`,
    );
  for (const [label, ids] of [
    ['New examples', diff.examples.new],
    ['Gone examples', diff.examples.gone],
    ['Changed examples', diff.examples.changed],
  ] as const) {
    if (ids) lines.push('', `${label} (${ids.length}): ${listIds(ids, (t) => t)}`);
  }
  for (const kind of ['pass_to_fail', 'fail_to_pass'] as const) {
    const flips = diff.flips.filter((f) => f.kind === kind);
    if (flips.length === 0) continue;
    lines.push('', `${kind === 'pass_to_fail' ? 'Pass → fail' : 'Fail → pass'} (${flips.length}):`);
    for (const f of flips) {
      lines.push(
        `  ${f.agent} ${f.task}/${f.dataset} ${shownId(f.example)}${f.metrics.length ? ` (${f.metrics.join(', ')})` : ''}${f.errors ? ` · ${f.kind === 'pass_to_fail' ? 'error' : 'error before'}: ${f.errors.join(', ')}` : ''}`,
      );
    }
  }
  if (diff.gates.length > 0) {
    lines.push('', `Gates that changed (${diff.gates.length}):`);
    for (const g of diff.gates)
      lines.push(`  ${g.new === 'failed' ? 'FAILING ' : '        '}${gateChangeText(g)}`);
  }
  const drift = diff.volatile.filter((v) => !v.withinTolerance);
  if (drift.length > 0) {
    lines.push('', `Volatile figures outside ±${Math.round(diff.options.volatileTolerance * 100)}%:`);
    for (const v of drift) {
      lines.push(`  ${v.subject} ${v.field}: ${volatileFigure(v.old)} → ${volatileFigure(v.new)}`);
    }
  }
  // Example ids and messages are data: never let one write a terminal escape sequence.
  return `${showControlChars(lines.join('\n'))}\n`;
}
