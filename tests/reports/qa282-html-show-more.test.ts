/**
 * QA282: report.html's example table drawn 500 rows at a time (89d40050), from the keyboard.
 * - The Enter (or click) on "Show more" that draws the last rows hides the button, and its focus fell
 *   back to the page: a keyboard user's next Tab started again from the top of the page, 1,000 rows
 *   above. The first row it drew now takes the focus.
 * - Ctrl-F (the browser's find) cannot find a row not drawn, and the page did not say so: the count
 *   ('N of N results, the first 500 shown') now adds that the search box looks through every row.
 * - At 375 px a click on a row scrolls the viewer into view, 23,000 px down in a large run (d52aa053),
 *   and nothing took the user back to the row: a button at the viewer's top now does.
 *   A viewer whose top 10 px showed (the table scrolled to its end) was left there, its example's
 *   name below the screen: below the table it is brought up when it starts in the window's lowest third.
 * - Sorting orders every matching row, not only the 500 drawn: the highest score, planted in the last group's rows,
 *   comes first when sorted descending, and still after a search.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

const CHROMIUM = '/usr/bin/chromium';
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-output', 'qa282');

/** The course-advisor lock with 1,200 more rows; row `bulk-top` (of the last group) has the highest score of every metric. */
function manyRowsUrl(): string {
  mkdirSync(outDir, { recursive: true });
  const lock = baselineLock();
  const first = lock.results;
  // a row of the lock's last group (rows are drawn group by group): far beyond the first 500 drawn
  const top = Math.floor((1199 - (first.length - 1)) / first.length) * first.length + first.length - 1;
  const many = Array.from({ length: 1200 }, (_, i) => {
    const r = structuredClone(first[i % first.length] as (typeof first)[number]);
    for (const m of Object.values(r.metrics)) {
      if (m.score !== null) m.score = i === top ? 0.999 : (i % 97) / 100;
    }
    return { ...r, example: i === top ? 'bulk-top' : `bulk-${String(i).padStart(4, '0')}` };
  });
  lock.results = [...first, ...many];
  // the lock's own rows score at most 0.96 too (their 1s would come first)
  for (const r of first) {
    for (const m of Object.values(r.metrics)) if (m.score !== null) m.score = Math.min(m.score, 0.96);
  }
  const file = path.join(outDir, 'many.html');
  writeFileSync(file, renderReports({ lock })['report.html']);
  return pathToFileURL(file).href;
}

const rowIds = (page: Page) =>
  page.$$eval('#examples-table tbody tr', (rows) => rows.map((r) => r.getAttribute('data-id') ?? ''));
const focusedId = (page: Page) =>
  page.evaluate(
    'document.activeElement && (document.activeElement.getAttribute("data-id") || document.activeElement.tagName)',
  );

describe.skipIf(!existsSync(CHROMIUM))('report.html: 500 rows at a time (Chromium)', () => {
  let browser: Browser;
  let url: string;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
    });
    url = manyRowsUrl();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('the Enter on Show more that draws the last rows gives the focus to the first of them', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(url);
    const more = page.locator('#examples-more');
    await more.focus();
    await page.keyboard.press('Enter');
    expect(await rowIds(page)).toHaveLength(1000);
    expect(await focusedId(page)).toBe('BUTTON');
    await page.keyboard.press('Enter');
    const ids = await rowIds(page);
    expect(ids.length).toBeGreaterThan(1000);
    expect(await more.isHidden()).toBe(true);
    expect(await focusedId(page)).toBe(ids[1000]);
    await page.keyboard.press('Tab');
    expect(await focusedId(page)).toBe(ids[1001]);
    await page.close();
  });

  it("says that the browser's find sees only the rows drawn, and the search box finds the others", async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(url);
    expect(await page.evaluate('window.find("bulk-top")')).toBe(false);
    expect(await page.textContent('#examples-count')).toMatch(
      /, the first 500 shown \(the search box looks through every row; the browser's find only through those shown\)$/,
    );
    await page.fill('#search', 'bulk-top');
    expect((await rowIds(page)).map((id) => id.split('/').pop())).toEqual(['bulk-top']);
    expect(await page.textContent('#examples-count')).toMatch(/^1 of \d+ results$/);
    await page.close();
  });

  it('at 375 px the opened viewer has a button back to the row, 900 rows up, which takes the focus', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(url);
    await page.click('#examples-more');
    const id = (await rowIds(page))[899] ?? '';
    const row = page.locator('#examples-table tbody tr').nth(899);
    await row.click();
    expect(await focusedId(page)).toBe('SECTION');
    const top = (sel: string) => page.locator(sel).evaluate((n) => Math.round(n.getBoundingClientRect().top));
    expect(await top('#examples-table tbody tr:nth-child(900)')).toBeLessThan(-1000);
    expect(await page.locator('#viewer button.back').count()).toBe(1);
    await page.click('#viewer button.back');
    expect(await focusedId(page)).toBe(id);
    const y = await top('#examples-table tbody tr:nth-child(900)');
    expect(y).toBeGreaterThanOrEqual(0);
    expect(y).toBeLessThan(800);
    // from the keyboard: Enter on the row, Tab to the button, Enter; a row a search hides: the search box
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await focusedId(page)).toBe(id);
    await page.keyboard.press('Enter');
    await page.fill('#search', 'no-such-row');
    await page.click('#viewer button.back');
    expect(await focusedId(page)).toBe('INPUT');
    // the wide layout, its viewer beside the table, has no such button
    await page.setViewportSize({ width: 1400, height: 800 });
    await page.fill('#search', '');
    await page.locator('#examples-table tbody tr').nth(3).click();
    expect(await page.locator('#viewer button.back').count()).toBe(0);
    await page.close();
  });

  it('at 375 px a viewer whose top 10 px show is brought up too, so its example is seen', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(url);
    await page.evaluate(`(() => {
      const v = document.getElementById('viewer');
      window.scrollTo(0, v.getBoundingClientRect().top + window.scrollY - (window.innerHeight - 10));
    })()`);
    const last = page.locator('#examples-table tbody tr').nth(499);
    const box = await last.boundingBox();
    expect(box && box.y > 0 && box.y + box.height < 790).toBe(true);
    await page.mouse.click(100, (box?.y ?? 0) + 5);
    const h3 = await page.locator('#viewer h3').evaluate((n) => Math.round(n.getBoundingClientRect().bottom));
    expect(h3).toBeGreaterThan(0);
    expect(h3).toBeLessThan(400);
    expect(await focusedId(page)).toBe('SECTION');
    await page.close();
  });

  it('sorts every matching row, not only the 500 drawn: the highest score, drawn past row 1,000, comes first', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(url);
    await page.click('#examples-more');
    await page.click('#examples-more');
    expect((await rowIds(page)).findIndex((id) => id.endsWith('/bulk-top'))).toBeGreaterThan(1000);
    await page.fill('#search', '');
    await page.click('#examples-table th[data-sort="score"] button');
    await page.click('#examples-table th[data-sort="score"] button');
    expect((await rowIds(page))[0]?.endsWith('/bulk-top')).toBe(true);
    await page.fill('#search', 'bulk-');
    const ids = await rowIds(page);
    expect(ids).toHaveLength(500);
    expect(ids[0]?.endsWith('/bulk-top')).toBe(true);
    await page.close();
  });
});
