/**
 * QA190 (the case next to QA185's 8c10fde, which made a cut reply's quoted end never begin with
 * half of a character): a stdio agent-eval judge that fails with no output quotes its stderr's last
 * 200 characters, and one whose 200th unit from the end was an emoji's second half began the quote
 * with it, a lone surrogate: `\udc00` in report.json and the step cache, U+FFFD in report.md and
 * junit.xml. The emoji is left out whole. A real subprocess.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa190-stderr-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// writes an emoji and 199 x to stderr, then exits 1 with nothing on stdout
writeFileSync(
  path.join(dir, 'judge.mjs'),
  `process.stdin.resume();
process.stdin.on('end', () => {
  process.stderr.write('boom 😀' + 'x'.repeat(199));
  process.exitCode = 1;
});
`,
);

describe("an rpc judge's stderr tail (QA190)", () => {
  it('never begins with half of an emoji', async () => {
    const judge = createAgentEvalJudge(
      { protocol: 'agent-eval', command: 'node judge.mjs', limits: { retries: 0 } },
      { cwd: dir, rubrics: {} },
    );
    try {
      const verdict = await judge.judge(
        { content: 'x', rubric: { name: 'anti-slop' } },
        AbortSignal.timeout(20_000),
      );
      const message = verdict.ok ? '' : verdict.error.message;
      expect(message).toContain(`; stderr: ${'x'.repeat(199)}`);
      expect(/(?:^|[^\ud800-\udbff])[\udc00-\udfff]/.test(message)).toBe(false); // no lone second half
    } finally {
      await judge.close();
    }
  });
});
