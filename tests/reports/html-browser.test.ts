/**
 * report.html in a real browser (Chromium via playwright-core, headless, offline): charts,
 * filtering, sorting, the trajectory viewer, XSS safety and no network access. Screenshots go
 * to test-output/ (gitignored). Skipped only when /usr/bin/chromium is missing.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lockfile } from '../../src/lockfile/types.js';
import { renderReports } from '../../src/reports/index.js';
import {
  buildRationales,
  buildTrajectories,
  ERRORS,
  exampleIds,
  FAILS,
  TASKS,
} from '../fixtures/locks/course-advisor.js';
import { A2_NEW_FAILS, a2WorseLock, baselineLock } from '../fixtures/locks/variants.js';

const CHROMIUM = '/usr/bin/chromium';
const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(here, '..', '..', 'test-output', 'reports-html');
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`html-browser tests skipped: ${CHROMIUM} is missing (CI installs it)`);

function writeReport(name: string, lock: Lockfile, baseline?: Lockfile): string {
  mkdirSync(outDir, { recursive: true });
  const html = renderReports({
    lock,
    ...(baseline ? { baseline } : {}),
    trajectories: buildTrajectories(lock),
    judgeRationales: buildRationales(lock),
  })['report.html'];
  const file = path.join(outDir, name);
  writeFileSync(file, html);
  return pathToFileURL(file).href;
}

/** Examples that fail in a2WorseLock, computed from the fixture's own tables. */
function expectedFailures(): string[] {
  const fails = { ...FAILS, a2: [...FAILS.a2, ...A2_NEW_FAILS] };
  const out: string[] = [];
  for (const agent of ['a1', 'a2', 'a3'] as const) {
    for (const t of TASKS) {
      for (const id of exampleIds(t.prefix, t.count)) {
        if (fails[agent].includes(id) || ERRORS[agent].includes(id))
          out.push(`${agent}/${t.task}/${t.dataset}/${id}`);
      }
    }
  }
  return out.sort();
}

async function rowIds(page: Page): Promise<string[]> {
  return page.$$eval('#examples-table tbody tr', (rows) => rows.map((r) => r.getAttribute('data-id') ?? ''));
}

describe.skipIf(!hasChromium)('report.html in Chromium', () => {
  let browser: Browser;
  let page: Page;
  const requests: string[] = [];
  const errors: string[] = [];
  let url: string;

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // Containers often give /dev/shm a few MiB, where Chromium can stall: /tmp instead.
        '--disable-dev-shm-usage',
      ],
    });
    url = writeReport('report.html', a2WorseLock(), baselineLock());
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.on('request', (r) => requests.push(r.url()));
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(url);
    // A Chromium launch on a loaded 2-core CI machine (every other test file running beside it) once
    // took more than the default 30 s hook time; on a quiet one it takes under 2 s.
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('draws one bar with a CI whisker per task and agent, and one per metric and agent', async () => {
    expect(await page.locator('#chart-tasks rect.bar').count()).toBe(3 * 3);
    expect(await page.locator('#chart-tasks g.ci').count()).toBe(3 * 3);
    // codes_match, judge, mentions_fact, pass_rate, path_order (tokens is a measurement).
    expect(await page.locator('#chart-metrics rect.bar').count()).toBe(5 * 3);
    const a1Search = page.locator('#chart-tasks rect.bar[data-group="search"][data-series="a1"]');
    expect(await a1Search.getAttribute('data-value')).toBe((11 / 12).toFixed(3));
    const box = await a1Search.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(50);
  });

  it('filters the table to exactly the failing examples, then to errors, then by text', async () => {
    expect(await rowIds(page)).toHaveLength(90);
    await page.selectOption('#filter', 'failures');
    expect((await rowIds(page)).sort()).toEqual(expectedFailures());
    expect(await page.textContent('#examples-count')).toBe(`${expectedFailures().length} of 90 results`);
    await page.selectOption('#filter', 'errors');
    expect(await rowIds(page)).toEqual(['a3/details/course-details/details-07']);
    await page.selectOption('#filter', 'all');
    await page.fill('#search', 'paths-05');
    expect(await rowIds(page)).toEqual([
      'a1/paths/career-paths/paths-05',
      'a2/paths/career-paths/paths-05',
      'a3/paths/career-paths/paths-05',
    ]);
    await page.selectOption('#filter', 'failures');
    expect(await rowIds(page)).toEqual(['a2/paths/career-paths/paths-05']);
    await page.fill('#search', '');
    await page.selectOption('#filter', 'all');
  });

  it('sorts by a column and reverses on a second click', async () => {
    await page.click('#examples-table th[data-sort="example"]');
    const up = await rowIds(page);
    expect(up[0]?.endsWith('/details-01')).toBe(true);
    await page.click('#examples-table th[data-sort="example"]');
    const down = await rowIds(page);
    expect(down[0]?.endsWith('/search-12')).toBe(true);
    expect(await page.getAttribute('#examples-table th[data-sort="example"]', 'aria-sort')).toBe(
      'descending',
    );
  });

  it('opens the trajectory of a clicked row: messages, tool calls, candidates, scores, rationale', async () => {
    await page.click('#examples-table tbody tr[data-id="a2/search/course-search/search-04"]');
    const viewer = page.locator('#viewer');
    await expect.poll(() => viewer.locator('h3').textContent()).toBe('search-04');
    expect(await viewer.locator('tr.tool-call').count()).toBe(1);
    expect(await viewer.locator('tr.tool-call code').first().textContent()).toBe('search_courses');
    expect(await viewer.locator('.msg.user pre').first().textContent()).toBe('question search-04');
    expect(await viewer.locator('.msg.assistant').count()).toBe(2);
    expect(await viewer.locator('pre.candidates').textContent()).toContain('CS999');
    expect(await viewer.locator('td.rationale').allTextContents()).toContain(
      'Names a course that is not in the catalog.',
    );
    mkdirSync(outDir, { recursive: true });
    await page.screenshot({ path: path.join(outDir, 'report.png'), fullPage: true });
    await viewer.screenshot({ path: path.join(outDir, 'viewer.png') });
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: path.join(outDir, 'report-top.png') });
  });

  it('shows the two-run comparison with the three new failures', async () => {
    const flips = await page.$$eval('#compare li.flip.pass_to_fail', (li) =>
      li.map((x) => x.textContent ?? ''),
    );
    expect(flips).toHaveLength(3);
    expect(flips.map((f) => f.match(/(search|paths)-\d\d/)?.[0]).sort()).toEqual([...A2_NEW_FAILS].sort());
    expect(await page.locator('#deltas-table tr.delta').count()).toBeGreaterThan(0);
    // Baseline and current bars for each of the 3 agents; a2 drops from 0.796 to 0.704.
    expect(await page.locator('#chart-compare rect.bar').count()).toBe(6);
    const a2 = page.locator('#chart-compare rect.bar[data-group="a2"]');
    expect(await a2.evaluateAll((els) => els.map((e) => e.getAttribute('data-value')))).toEqual([
      '0.796',
      '0.704',
    ]);
    await page.locator('#compare').screenshot({ path: path.join(outDir, 'compare.png') });
  });

  it('made no request besides the file itself and raised no script error', () => {
    expect(requests).toEqual([url]);
    expect(errors).toEqual([]);
  });

  it('renders hostile data as text, never as markup', async () => {
    const evil = baselineLock();
    const first = evil.results[0];
    if (!first) throw new Error('fixture');
    const payload = '</script><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
    first.example = payload;
    const evilUrl = writeReport('report-xss.html', evil);
    const p = await browser.newPage();
    const dialogs: string[] = [];
    p.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const evilRequests: string[] = [];
    p.on('request', (r) => evilRequests.push(r.url()));
    await p.goto(evilUrl);
    const row = p.locator('#examples-table tbody tr').filter({ hasText: 'onerror' });
    expect(await row.count()).toBe(1);
    await row.click();
    expect(await p.locator('#viewer h3').textContent()).toBe(payload);
    expect(await p.evaluate('typeof window.__xss')).toBe('undefined');
    expect(await p.locator('img').count()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(evilRequests).toEqual([evilUrl]);
    await p.close();
  });
});
