/**
 * QA275: report.html used from the keyboard and on a phone-width window (Chromium).
 * - The sortable column headers were `<th>`s with a click handler: Tab skipped them, so a keyboard
 *   user could not sort; a focused row opened on Enter but Space scrolled the page instead.
 * - In a 375 px window the page scrolled sideways (712 px wide): the deltas and example tables and the
 *   pins had no scrolling box of their own, and the one-column layout took the example table's width.
 * - A 10,000-example run (9,981 rows embedded) took Chromium 3.5–6 s to lay the whole table out again
 *   after every keystroke in the search box, sort or filter: the table draws 500 rows, 500 more a click.
 * - At 375 px the trajectory viewer sits below the table: a click or Enter on a row opened it 2,400 px
 *   (23,000 px for the large run) below the screen, so nothing seemed to happen.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { buildRationales, buildTrajectories } from '../fixtures/locks/course-advisor.js';
import { a2WorseLock, baselineLock } from '../fixtures/locks/variants.js';

const CHROMIUM = '/usr/bin/chromium';
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-output', 'qa275');

function reportUrl(): string {
  mkdirSync(outDir, { recursive: true });
  const lock = a2WorseLock();
  const html = renderReports({
    lock,
    baseline: baselineLock(),
    trajectories: buildTrajectories(lock),
    judgeRationales: buildRationales(lock),
  })['report.html'];
  const file = path.join(outDir, 'report.html');
  writeFileSync(file, html);
  return pathToFileURL(file).href;
}

/** What has the focus: `sort:<key>` for a sort header's button, `row:<id>` for a row, else tag#id. */
function focused(page: Page): Promise<string> {
  return page.evaluate(`(() => {
    const a = document.activeElement;
    if (!a) return '';
    const th = a.closest('th[data-sort]');
    if (th) return 'sort:' + th.getAttribute('data-sort');
    if (a.getAttribute('data-id')) return 'row:' + a.getAttribute('data-id');
    return a.tagName.toLowerCase() + (a.id ? '#' + a.id : '');
  })()`);
}

async function tabTo(page: Page, target: string, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if ((await focused(page)) === target) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

const rowIds = (page: Page) =>
  page.$$eval('#examples-table tbody tr', (rows) => rows.map((r) => r.getAttribute('data-id') ?? ''));

describe.skipIf(!existsSync(CHROMIUM))('report.html from the keyboard and at 375 px (Chromium)', () => {
  let browser: Browser;
  let url: string;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
    });
    url = reportUrl();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('Tab reaches every sort header after the search box; Enter sorts, Space reverses', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(url);
    await tabTo(page, 'input#search');
    const order: string[] = [];
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      order.push(await focused(page));
    }
    expect(order).toEqual([
      'sort:status',
      'sort:agent',
      'sort:task',
      'sort:example',
      'sort:score',
      'sort:duration',
    ]);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('sort:example');
    await page.keyboard.press('Enter');
    const th = '#examples-table th[data-sort="example"]';
    expect(await page.getAttribute(th, 'aria-sort')).toBe('ascending');
    expect((await rowIds(page))[0]?.endsWith('/details-01')).toBe(true);
    await page.keyboard.press(' ');
    expect(await page.getAttribute(th, 'aria-sort')).toBe('descending');
    expect((await rowIds(page))[0]?.endsWith('/search-12')).toBe(true);
    await page.close();
  });

  it('Space on a focused row opens its trajectory, as Enter does, without scrolling the page', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(url);
    const id = 'a2/search/course-search/search-04';
    await page.focus(`#examples-table tbody tr[data-id="${id}"]`);
    const before = await page.evaluate('window.scrollY');
    await page.keyboard.press(' ');
    expect(await page.locator('#viewer h3').allTextContents()).toEqual(['search-04']);
    expect(await page.evaluate('window.scrollY')).toBe(before);
    await page.focus('#examples-table tbody tr[data-id="a1/paths/career-paths/paths-05"]');
    await page.keyboard.press('Enter');
    expect(await page.locator('#viewer h3').textContent()).toBe('paths-05');
    await page.close();
  });

  it('draws the first 500 matching rows of 1,269, and 500 more per click on Show more', async () => {
    const lock = baselineLock();
    const first = lock.results;
    const many = Array.from({ length: 1200 }, (_, i) => ({
      ...structuredClone(first[i % first.length] as (typeof first)[number]),
      example: `bulk-${String(i).padStart(4, '0')}`,
    }));
    lock.results = [...first, ...many];
    const file = path.join(outDir, 'many.html');
    writeFileSync(file, renderReports({ lock })['report.html']);
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(pathToFileURL(file).href);
    // Every result row of the lock is one table row but for the fixture's repeats (1,269 of 1,290).
    const total = Number((await page.textContent('#examples-count'))?.split(' ')[0]);
    expect(total).toBeGreaterThan(1000);
    expect(await rowIds(page)).toHaveLength(500);
    expect(await page.textContent('#examples-count')).toBe(
      `${total} of ${total} results, the first 500 shown (the search box looks through every row; the browser's find only through those shown)`,
    );
    const more = page.locator('#examples-more');
    expect(await more.textContent()).toBe(`Show 500 more (${total - 500} not shown)`);
    await more.focus();
    await page.keyboard.press('Enter');
    expect(await rowIds(page)).toHaveLength(1000);
    await more.click();
    expect(await rowIds(page)).toHaveLength(total);
    expect(await more.isHidden()).toBe(true);
    expect(await page.textContent('#examples-count')).toBe(`${total} of ${total} results`);
    // A search starts again from the first page; its rows all show when fewer than 500 match.
    await page.fill('#search', 'bulk-0');
    expect(await rowIds(page)).toHaveLength(500);
    await page.fill('#search', 'bulk-00');
    expect(await rowIds(page)).toHaveLength(100);
    expect(await more.isHidden()).toBe(true);
    await page.close();
  });

  it('fits a 375 px window: only the wide tables scroll, inside their own box', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(url);
    await page.click('#pins summary');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    for (const id of ['#examples-table', '#deltas-table']) {
      const box = await page.locator(id).evaluate((t) => {
        const s = t.parentElement as { scrollWidth: number; clientWidth: number; className: string } | null;
        return s ? { scroll: s.scrollWidth, client: s.clientWidth, cls: s.className } : null;
      });
      // its own scrolling box, narrower than the window, the table wider than it (QA282: only the width was checked)
      expect(box?.cls).toBe('scroll');
      expect(box?.client ?? 999).toBeLessThanOrEqual(375);
      expect(box?.scroll ?? 0).toBeGreaterThan(box?.client ?? 0);
    }
    await page.click('#examples-table tbody tr[data-id="a2/search/course-search/search-04"]');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    // The viewer, below the table in one column, is brought into view and takes the focus.
    const top = () =>
      page.evaluate('Math.round(document.getElementById("viewer").getBoundingClientRect().top)');
    expect(await top()).toBeGreaterThanOrEqual(0);
    expect(await top()).toBeLessThan(800);
    expect(await focused(page)).toBe('section#viewer');
    await page.evaluate('window.scrollTo(0, 0)');
    await page.focus('#examples-table tbody tr[data-id="a1/paths/career-paths/paths-05"]');
    await page.keyboard.press('Enter');
    expect(await page.locator('#viewer h3').textContent()).toBe('paths-05');
    expect(await top()).toBeLessThan(800);
    await page.screenshot({ path: path.join(outDir, 'narrow.png'), fullPage: true });
    await page.close();
  });
});
