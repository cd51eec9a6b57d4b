/**
 * QA261: report.html's example table and trajectory viewer (written in the browser) showed control
 * characters from datasets and agents raw, as report.md and junit.xml do not: a U+202E in an example
 * id displayed the rest of its table row reversed, an ESC or U+0085 in an agent's message was
 * invisible. They are spelled `\u202e` as in report.md; tab and newline stay as they are.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { buildTrajectories } from '../fixtures/locks/course-advisor.js';
import { baselineLock } from '../fixtures/locks/variants.js';

const CHROMIUM = '/usr/bin/chromium';
const outDir = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'test-output',
  'reports-html',
);

describe.skipIf(!existsSync(CHROMIUM))('report.html and control characters (Chromium)', () => {
  it('spells a bidi override in an example id and controls in a message as \\uXXXX', async () => {
    const lock = baselineLock();
    const row = lock.results[0]!;
    row.example = 'evil\u202e tail';
    const trajectories = buildTrajectories(lock);
    const record = trajectories[row.invoke[0]!]!;
    const last = record.trajectory?.messages?.at(-1);
    if (!last) throw new Error('fixture');
    last.content = 'esc \u001b[31m c1 \u0085 rtl \u202e abc\ttab\nline';
    mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, 'report-qa261-controls.html');
    writeFileSync(file, renderReports({ lock, trajectories })['report.html']);
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox'],
    });
    try {
      const page = await browser.newPage();
      await page.goto(pathToFileURL(file).href);
      const tr = page.locator('#examples-table tbody tr').filter({ hasText: 'evil' });
      expect(await tr.count()).toBe(1);
      expect(await tr.textContent()).toContain('evil\\u202e tail');
      await tr.click();
      expect(await page.locator('#viewer h3').textContent()).toBe('evil\\u202e tail');
      const shown = (await page.locator('#viewer').textContent()) ?? '';
      expect(shown).toContain('esc \\u001b[31m c1 \\u0085 rtl \\u202e abc\ttab\nline');
      expect(shown).not.toMatch(/[\u0000-\u0008\u001b\u0085\u202a-\u202e]/);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
