/**
 * QA295 (left by QA291): at 375 px, '↑ Back to the row in the table' after a sort that left the
 * opened row past the rows drawn drew every row down to it (a849cfa9, QA286): on a 10,000-row page
 * the row at 9,999 took 10,000 rows drawn and 8 s frozen. It now draws that row's page of 500 alone,
 * 'Show the 500 before (N not shown)' above it: the rows it adds do not grow with the page's rows.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

const CHROMIUM = '/usr/bin/chromium';
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-output', 'qa295');

/**
 * `n` copies of the course-advisor lock's first failing row (the page embeds every failing row, and
 * 1,000 passing ones), numbered in the order of the rows: a sort by example descending reverses them.
 */
function pageUrl(n: number): string {
  mkdirSync(outDir, { recursive: true });
  const lock = baselineLock();
  const first = lock.results.find((r) => r.pass === false) as (typeof lock.results)[number];
  lock.results = Array.from({ length: n }, (_, i) => ({
    ...structuredClone(first),
    example: `bulk-${String(i).padStart(5, '0')}`,
  }));
  const file = path.join(outDir, `rows-${n}.html`);
  writeFileSync(file, renderReports({ lock })['report.html']);
  return pathToFileURL(file).href;
}

const rowIds = (page: Page) =>
  page.$$eval('#examples-table tbody tr', (rows) => rows.map((r) => r.getAttribute('data-id') ?? ''));
const focused = (page: Page) =>
  page.evaluate('document.activeElement.getAttribute("data-id") || document.activeElement.id');

/** Opens the first row, sorts by example twice (descending: it is now the last), presses Back; the rows Back added. */
async function backToLastRow(page: Page, url: string): Promise<{ id: string; added: number }> {
  await page.goto(url);
  const id = (await rowIds(page))[0] ?? '';
  await page.locator('#examples-table tbody tr').first().focus();
  await page.keyboard.press('Enter');
  await page.locator('#examples-table th[data-sort="example"] button').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  expect(await rowIds(page)).not.toContain(id);
  await page.evaluate(`window.__added = 0; new MutationObserver((records) => { for (const r of records)
    for (const n of r.addedNodes) if (n.nodeName === 'TR') window.__added++; })
    .observe(document.querySelector('#examples-table tbody'), { childList: true })`);
  await page.locator('#viewer button.back').focus();
  await page.keyboard.press('Enter');
  await page.evaluate('new Promise((done) => setTimeout(done, 0))');
  return { id, added: Number(await page.evaluate('window.__added')) };
}

let browser: Browser | undefined;
beforeAll(async () => {
  if (!existsSync(CHROMIUM)) return;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
});
afterAll(async () => {
  await browser?.close();
});

it.skipIf(!existsSync(CHROMIUM))(
  'Back to the last of 10,000 rows draws its page of 500, as on a 1,000-row page, and lands focused',
  async () => {
    if (!browser) throw new Error('no browser');
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    const small = await backToLastRow(page, pageUrl(1000));
    const big = await backToLastRow(page, pageUrl(10_000));
    // the rows drawn do not grow with the page: it drew 10,000 rows here (and 1,000 there)
    expect(small.added).toBeLessThanOrEqual(500);
    expect(big.added).toBeLessThanOrEqual(500);
    const ids = await rowIds(page);
    expect(ids.length).toBeLessThanOrEqual(500);
    expect(ids.at(-1)).toBe(big.id);
    expect(await focused(page)).toBe(big.id);
    const top = Number(await page.evaluate('Math.round(document.activeElement.getBoundingClientRect().top)'));
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(800);
    const total = 10_000;
    const start = Math.floor((total - 1) / 500) * 500;
    expect(await page.textContent('#examples-count')).toBe(
      `${total} of ${total} results, rows ${start + 1}–${total} shown (the search box looks through every row; the browser's find only through those shown)`,
    );
    expect(await page.locator('#examples-more').isHidden()).toBe(true);
    expect(await page.textContent('#examples-earlier')).toBe(`Show the 500 before (${start} not shown)`);
    // Shift+Tab goes up to the row before it; Enter opens that one
    await page.locator(`#examples-table tbody tr[data-id="${big.id}"]`).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe(ids.at(-2));
    await page.keyboard.press('Enter');
    expect(await page.textContent('#viewer h3')).toBe(ids.at(-2)?.split('/').at(-1));
    await page.close();
  },
  180_000,
);

it.skipIf(!existsSync(CHROMIUM))(
  'after Back, Show the 500 before and Show more draw the neighbouring pages; the click that draws the first row focuses it',
  async () => {
    if (!browser) throw new Error('no browser');
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(pageUrl(2000));
    // open the row at 600 (after Show more), sort by example descending: at 1,399, Back draws its page, 1,000–1,499
    await page.locator('#examples-more').focus();
    await page.keyboard.press('Enter');
    const total = 2000;
    const id = (await rowIds(page))[600] ?? '';
    await page.locator('#examples-table tbody tr').nth(600).focus();
    await page.keyboard.press('Enter');
    await page.locator('#examples-table th[data-sort="example"] button').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.locator('#viewer button.back').focus();
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe(id);
    const drawn = await rowIds(page);
    expect(drawn).toHaveLength(500);
    expect(drawn.indexOf(id)).toBe(399);
    // Show more draws 1,500–1,999 below, the last rows: the first of them takes the focus
    expect(await page.textContent('#examples-more')).toBe('Show 500 more (500 not shown)');
    await page.locator('#examples-more').focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('#examples-more').isHidden()).toBe(true);
    const below = await rowIds(page);
    expect(below.slice(0, 500)).toEqual(drawn);
    expect(below).toHaveLength(1000);
    expect(await focused(page)).toBe(below[500]);
    expect(await page.textContent('#examples-count')).toBe(
      `${total} of ${total} results, rows 1001–2000 shown (the search box looks through every row; the browser's find only through those shown)`,
    );
    const start = 1000;
    // the earlier pages, from the keyboard, one click each, until the first row
    const earlier = page.locator('#examples-earlier');
    for (let s = start; s > 0; s -= 500) {
      expect(await earlier.textContent()).toBe(`Show the 500 before (${s} not shown)`);
      await earlier.focus();
      await page.keyboard.press('Enter');
    }
    expect(await earlier.isHidden()).toBe(true);
    const all = await rowIds(page);
    expect(all).toHaveLength(total);
    expect(all.slice(start)).toEqual(below);
    // the click that drew the first row gave it the focus
    expect(await focused(page)).toBe(all[0]);
    expect(await page.textContent('#examples-count')).toBe(`${total} of ${total} results`);
    await page.close();
  },
  180_000,
);
