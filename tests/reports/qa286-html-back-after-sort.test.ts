/**
 * QA286 (the case next to QA282's fd23c70e): at 375 px, a row opened past the first 500 (after
 * 'Show 500 more'), then a sort of the table (which draws the first 500 again): '↑ Back to the row
 * in the table' gave the focus to the empty search box, though no filter or search hid the row: it
 * was only not drawn. The rows down to it are now drawn, and it is brought into view and focused.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

const CHROMIUM = '/usr/bin/chromium';
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-output', 'qa286');

/** The course-advisor lock with 1,200 more rows, example names in reverse order of the rows. */
function manyRowsUrl(): string {
  mkdirSync(outDir, { recursive: true });
  const lock = baselineLock();
  const first = lock.results;
  const many = Array.from({ length: 1200 }, (_, i) => ({
    ...structuredClone(first[i % first.length] as (typeof first)[number]),
    example: `bulk-${String(1200 - i).padStart(4, '0')}`,
  }));
  lock.results = [...first, ...many];
  const file = path.join(outDir, 'many.html');
  writeFileSync(file, renderReports({ lock })['report.html']);
  return pathToFileURL(file).href;
}

const rowIds = (page: Page) =>
  page.$$eval('#examples-table tbody tr', (rows) => rows.map((r) => r.getAttribute('data-id') ?? ''));

it.skipIf(!existsSync(CHROMIUM))(
  'at 375 px, Back after a sort that left the row past the 500 drawn draws down to it and focuses it',
  async () => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
      await page.goto(manyRowsUrl());
      await page.click('#examples-more');
      const id = (await rowIds(page))[899] ?? '';
      await page.locator('#examples-table tbody tr').nth(899).click();
      // sort by example, descending, from the keyboard: the table starts again from its first 500 rows
      await page.locator('#examples-table th[data-sort="example"] button').focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      expect(await rowIds(page)).toHaveLength(500);
      expect(await rowIds(page)).not.toContain(id);
      await page.locator('#viewer button.back').focus();
      await page.keyboard.press('Enter');
      const focused = await page.evaluate(
        'document.activeElement.getAttribute("data-id") || document.activeElement.id',
      );
      expect(focused).toBe(id);
      const top = await page.evaluate('Math.round(document.activeElement.getBoundingClientRect().top)');
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(800);
      expect(await page.inputValue('#search')).toBe('');
    } finally {
      await browser.close();
    }
  },
  120_000,
);
