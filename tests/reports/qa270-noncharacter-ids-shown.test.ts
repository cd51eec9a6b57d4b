/**
 * QA270: junit.xml spells the noncharacters U+FFFE and U+FFFF in example ids (QA261), but report.md,
 * report.html and `evalc diff` (text and Markdown) printed them raw: ids `c\uFFFEd` and `c\uFFFFd`,
 * two examples, read as the same `cd` twice (a terminal and GitHub show neither character). They are
 * spelled `\ufffe` / `\uffff` everywhere the control characters are.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import { renderMarkdownDiff, renderReports, renderTextDiff } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

const RAW = /[\uFFFE\uFFFF]/;

/** The fixture with two failing results renamed `c\uFFFEd` and `c\uFFFFd` (passing in `old`). */
function locks() {
  const cur = baselineLock();
  const old = baselineLock();
  const failing = cur.results.filter((r) => r.pass === false).slice(0, 2);
  if (failing.length < 2) throw new Error('fixture has two failing results');
  failing.forEach((r, i) => {
    const was = r.example;
    r.example = i === 0 ? 'c\ufffed' : 'c\uffffd';
    for (const o of old.results)
      if (o.example === was && o.group === r.group) {
        o.example = r.example;
        o.pass = true;
        for (const x of Object.values(o.metrics)) {
          x.pass = true;
          x.score = 1;
        }
      }
  });
  return { old, cur };
}

describe('noncharacters in example ids', () => {
  it('report.md and evalc diff (text, Markdown) spell U+FFFE and U+FFFF', () => {
    const { old, cur } = locks();
    const md = renderReports({ lock: cur, baseline: old })['report.md'];
    const text = renderTextDiff(diffLocks(old, cur));
    const mdDiff = renderMarkdownDiff(diffLocks(old, cur));
    for (const out of [md, text, mdDiff]) {
      expect(out).not.toMatch(RAW);
      expect(out).toContain('c\\ufffed');
      expect(out).toContain('c\\uffffd');
    }
  });

  const CHROMIUM = '/usr/bin/chromium';
  it.skipIf(!existsSync(CHROMIUM))(
    'report.html shows them spelled (Chromium)',
    async () => {
      const { cur } = locks();
      const outDir = path.join(
        path.dirname(fileURLToPath(import.meta.url)),
        '..',
        '..',
        'test-output',
        'reports-html',
      );
      mkdirSync(outDir, { recursive: true });
      const file = path.join(outDir, 'report-qa270-noncharacters.html');
      writeFileSync(file, renderReports({ lock: cur })['report.html']);
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: ['--no-sandbox'],
      });
      try {
        const page = await browser.newPage();
        await page.goto(pathToFileURL(file).href);
        const shown = (await page.locator('#examples-table tbody').textContent()) ?? '';
        expect(shown).toContain('c\\ufffed');
        expect(shown).toContain('c\\uffffd');
        expect(shown).not.toMatch(RAW);
      } finally {
        await browser.close();
      }
    },
    60_000,
  );
});
