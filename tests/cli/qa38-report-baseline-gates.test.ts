/**
 * QA38: `evalc report --from evalc.lock --baseline main.lock` printed the lock's regression gates as
 * "no baseline, regression check skipped" although a baseline was given (the lock keeps them
 * skipped; `evalc apply --baseline` judges them). The message now says who judges them.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderCommandHelp } from '../../src/cli/command-help.js';
import { reportCommand } from '../../src/cli/report.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { captureContext } from './cli-harness.js';

const locks = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'locks');

/** The fixture lock with its regression gates as today's apply records them. */
function folder(): string {
  const dir = tempFolder('evalc-qa38-');
  const lock = JSON.parse(readFileSync(path.join(locks, 'course-advisor.a2-worse.lock'), 'utf8'));
  for (const g of lock.gates) {
    if (g.kind !== 'regression') continue;
    g.skipped = true;
    g.actual = null;
    g.message = `${g.metric}: no baseline, regression check skipped`;
  }
  writeFileSync(path.join(dir, 'evalc.lock'), JSON.stringify(lock, null, 2));
  copyFileSync(path.join(locks, 'course-advisor.lock'), path.join(dir, 'base.lock'));
  return dir;
}

async function report(args: string[], cwd: string): Promise<string> {
  const c = captureContext(args, cwd);
  expect(await reportCommand(c.ctx)).toBe(0);
  return c.out();
}

describe('evalc report --baseline and the regression gates (QA38)', () => {
  // No plan beside these fixture locks: the gates stay skipped and say why (QA55).
  it('does not say "no baseline" when a baseline was given', async () => {
    const dir = folder();
    for (const format of ['md', 'junit', 'json', 'html']) {
      const out = await report(['--baseline', 'base.lock', '--format', format], dir);
      expect(out).not.toContain('no baseline, regression check skipped');
      expect(out).toContain('judged by evalc apply --baseline');
    }
  });

  it('keeps the message without --baseline', async () => {
    const out = await report(['--format', 'md'], folder());
    expect(out).toContain('no baseline, regression check skipped');
  });

  it('report --help says how the regression gates are judged', () => {
    // QA55: report --baseline judges them as apply --baseline does, with the plan beside the lock.
    expect(renderCommandHelp('report')).toContain('judge regression gates against as apply --baseline does');
  });
});
