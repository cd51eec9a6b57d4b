/**
 * Inline SVG bar charts for report.html, drawn in TypeScript (no charting library, nothing
 * fetched at view time): grouped bars with 95% CI whiskers on a 0–1 axis. Every bar is a
 * `<rect class="bar">` with data attributes, every whisker a `<g class="ci">`.
 */
import { formatMeanCi, formatNumber } from './format.js';
import { escapeHtml } from './markdown-text.js';

export interface ChartBar {
  group: string;
  series: string;
  value: number;
  ci: [number, number] | null;
}

export interface BarChart {
  id: string;
  title: string;
  groups: string[];
  series: string[];
  bars: ChartBar[];
}

export const SERIES_COLOURS = [
  '#3b6fd8',
  '#e07b24',
  '#2e9e6a',
  '#b5489d',
  '#7a6fd0',
  '#c2a712',
  '#d0454c',
  '#4aa3b8',
];

const H = 260;
const TOP = 24;
const BOTTOM = 48;
const LEFT = 44;
const BAR_W = 22;
const GAP = 28;

function y(v: number): number {
  const plot = H - TOP - BOTTOM;
  return TOP + plot * (1 - Math.max(0, Math.min(1, v)));
}

function n(x: number): string {
  return x.toFixed(1);
}

export function renderBarChart(chart: BarChart): string {
  const groupW = chart.series.length * BAR_W + GAP;
  const width = LEFT + chart.groups.length * groupW + 16;
  const parts: string[] = [];
  parts.push(
    `<svg class="chart" id="${escapeHtml(chart.id)}" role="img" aria-label="${escapeHtml(chart.title)}" width="${width}" height="${H}" viewBox="0 0 ${width} ${H}" xmlns="http://www.w3.org/2000/svg">`,
  );
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(
      `<line class="grid" x1="${LEFT}" x2="${width - 8}" y1="${n(y(tick))}" y2="${n(y(tick))}"/>`,
      `<text class="tick" x="${LEFT - 6}" y="${n(y(tick) + 4)}" text-anchor="end">${tick.toFixed(2)}</text>`,
    );
  }
  chart.groups.forEach((group, gi) => {
    const x0 = LEFT + GAP / 2 + gi * groupW;
    chart.series.forEach((series, si) => {
      const bar = chart.bars.find((b) => b.group === group && b.series === series);
      if (!bar) return;
      const x = x0 + si * BAR_W;
      const top = y(bar.value);
      const colour = SERIES_COLOURS[si % SERIES_COLOURS.length];
      // The score table's words for the bar (QA299: `0.975 [0.98, 0.98]` here, its mean outside its CI).
      const label = `${series} · ${group}: ${formatMeanCi(bar.value, bar.ci)}`;
      parts.push(
        `<rect class="bar" data-group="${escapeHtml(group)}" data-series="${escapeHtml(series)}" data-value="${formatNumber(bar.value)}" x="${n(x + 2)}" y="${n(top)}" width="${BAR_W - 4}" height="${n(y(0) - top)}" fill="${colour}"><title>${escapeHtml(label)}</title></rect>`,
      );
      if (bar.ci) {
        const cx = x + BAR_W / 2;
        const [lo, hi] = [y(bar.ci[0]), y(bar.ci[1])];
        parts.push(
          `<g class="ci"><line x1="${n(cx)}" x2="${n(cx)}" y1="${n(lo)}" y2="${n(hi)}"/><line x1="${n(cx - 5)}" x2="${n(cx + 5)}" y1="${n(lo)}" y2="${n(lo)}"/><line x1="${n(cx - 5)}" x2="${n(cx + 5)}" y1="${n(hi)}" y2="${n(hi)}"/></g>`,
        );
      }
    });
    const mid = x0 + (chart.series.length * BAR_W) / 2;
    parts.push(
      `<text class="label" x="${n(mid)}" y="${H - BOTTOM + 16}" text-anchor="middle">${escapeHtml(group)}</text>`,
    );
  });
  parts.push('</svg>');
  const legend = chart.series
    .map(
      (s, i) =>
        `<span class="key"><i style="background:${SERIES_COLOURS[i % SERIES_COLOURS.length]}"></i>${escapeHtml(s)}</span>`,
    )
    .join('');
  return `<figure class="figure"><figcaption>${escapeHtml(chart.title)}</figcaption>${parts.join('')}<div class="legend">${legend}</div></figure>`;
}
