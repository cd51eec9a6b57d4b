/**
 * QA302 (beside QA295's ef5ce282): Back to a row a sort left alone on the last page (the 501st of
 * 501 rows) drew that page, one row, and the count read '501 of 501 results, rows 501–501 shown'.
 * It reads 'row 501 shown'; 'Show the 500 before' then draws every row, and the count says no more.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

const CHROMIUM = '/usr/bin/chromium';
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-output', 'qa302');

/** The course-advisor lock grown to exactly 501 rows, each example named apart. */
function pageUrl(): string {
  mkdirSync(outDir, { recursive: true });
  const lock = baselineLock();
  const first = lock.results;
  lock.results = Array.from({ length: 501 }, (_, i) => ({
    ...structuredClone(first[i % first.length] as (typeof first)[number]),
    example: `row-${String(i).padStart(4, '0')}`,
  }));
  const file = path.join(outDir, 'p501.html');
  writeFileSync(file, renderReports({ lock })['report.html']);
  return pathToFileURL(file).href;
}

it.skipIf(!existsSync(CHROMIUM))(
  "Back to the 501st of 501 rows says 'row 501 shown', not 'rows 501–501'",
  async () => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
      await page.goto(pageUrl());
      const sort = page.locator('#examples-table th[data-sort="example"] button');
      await sort.focus();
      await page.keyboard.press('Enter'); // ascending: row-0000 first
      const row = page.locator('#examples-table tbody tr').first();
      const id = await row.getAttribute('data-id');
      await row.focus();
      await page.keyboard.press('Enter');
      await sort.focus();
      await page.keyboard.press('Enter'); // descending: row-0000 is the 501st, not drawn
      await page.locator('#viewer button.back').focus();
      await page.keyboard.press('Enter');
      expect(await page.evaluate('document.activeElement.getAttribute("data-id")')).toBe(id);
      expect(await page.locator('#examples-table tbody tr').count()).toBe(1);
      const count = await page.textContent('#examples-count');
      expect(count).toMatch(/^501 of 501 results, row 501 shown \(/);
      expect(count).not.toContain('501\u2013501');
      expect(await page.textContent('#examples-earlier')).toBe('Show the 500 before (500 not shown)');
      await page.locator('#examples-earlier').focus();
      await page.keyboard.press('Enter');
      expect(await page.locator('#examples-table tbody tr').count()).toBe(501);
      expect(await page.textContent('#examples-count')).toBe('501 of 501 results');
    } finally {
      await browser.close();
    }
  },
  120_000,
);
