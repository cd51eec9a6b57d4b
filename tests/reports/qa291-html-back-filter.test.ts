/**
 * QA291 (the case next to QA286's a849cfa9): at 375 px, a passing row opened, then the failures
 * filter, which hides it: '↑ Back to the row in the table' gave the focus to the empty search box,
 * as if the search hid the row. The filter that hides it takes the focus now; the search box still
 * does when the search hides the row (with the filter or without).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

const CHROMIUM = '/usr/bin/chromium';
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-output', 'qa291');

function pageUrl(): string {
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, 'back-filter.html');
  writeFileSync(file, renderReports({ lock: baselineLock() })['report.html']);
  return pathToFileURL(file).href;
}

const rowIds = (page: Page) =>
  page.$$eval('#examples-table tbody tr', (rows) => rows.map((r) => r.getAttribute('data-id') ?? ''));
const focusedId = (page: Page) =>
  page.evaluate('document.activeElement.getAttribute("data-id") || document.activeElement.id');

/** Opens the first row (a1's search-01, which passes) from the keyboard; returns its id. */
async function openFirstRow(page: Page): Promise<string> {
  const row = page.locator('#examples-table tbody tr').first();
  await row.focus();
  await page.keyboard.press('Enter');
  expect(await page.locator('#viewer button.back').count()).toBe(1);
  return (await row.getAttribute('data-id')) ?? '';
}

async function back(page: Page): Promise<void> {
  await page.locator('#viewer button.back').focus();
  await page.keyboard.press('Enter');
}

it.skipIf(!existsSync(CHROMIUM))(
  'at 375 px, Back to a row the filter hides focuses the filter; one the search hides, the search box',
  async () => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
    });
    try {
      const url = pageUrl();
      const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
      await page.goto(url);
      const id = await openFirstRow(page);
      await page.locator('#filter').focus();
      await page.keyboard.press('ArrowDown');
      expect(await page.inputValue('#filter')).toBe('failures');
      expect(await rowIds(page)).not.toContain(id);
      await back(page);
      expect(await focusedId(page)).toBe('filter');

      // the search hides it (the filter too): the search box, as before
      await page.locator('#search').focus();
      await page.keyboard.type('no-such-example');
      await back(page);
      expect(await focusedId(page)).toBe('search');

      // the search alone
      const fresh = await browser.newPage({ viewport: { width: 375, height: 800 } });
      await fresh.goto(url);
      await openFirstRow(fresh);
      await fresh.locator('#search').focus();
      await fresh.keyboard.type('no-such-example');
      await back(fresh);
      expect(await focusedId(fresh)).toBe('search');
    } finally {
      await browser.close();
    }
  },
  120_000,
);
