import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { diffCommand } from '../../src/cli/diff.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { captureContext } from './cli-harness.js';

const locks = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'locks');
const BASE = 'course-advisor.lock';
const A2 = 'course-advisor.a2-worse.lock';
const A3 = 'course-advisor.a3-regressed.lock';

async function run(args: string[], cwd = locks) {
  const c = captureContext(args, cwd);
  const code = await diffCommand(c.ctx);
  return { code, out: c.out(), err: c.err() };
}

describe('evalc diff', () => {
  it('prints the three new failures of a2 and exits 0 when nothing is significant', async () => {
    const { code, out } = await run([BASE, A2, '--fail-on', 'regression']);
    expect(code).toBe(0);
    // a2's min pass_rate gate goes passed → failed: said in the summary (QA169); --fail-on regression
    // follows the significant regressions alone.
    expect(out).toContain('0 significant regressions, 1 newly failing gate, 0 improvements,');
    expect(out).toContain(
      'Pass → fail (3):\n  a2 paths/career-paths paths-05 (codes_match, judge, pass_rate, path_order)\n  a2 search/course-search search-01 (codes_match, judge, pass_rate)\n  a2 search/course-search search-04 (codes_match, judge, pass_rate)\n',
    );
  });

  it('exits 1 under --fail-on regression when a significant regression exists', async () => {
    const failing = await run([BASE, A3, '--fail-on', 'regression']);
    expect(failing.code).toBe(1);
    expect(failing.err).toBe('evalc: 3 significant regressions (--fail-on regression)\n');
    const line = failing.out.split('\n').find((l) => / benchmark +a3 +pass_rate /.test(l));
    // a3 passes 9/12 → 4/12, 6/9 → 4/9, 5/9 → 4/9: Δ = −(5/12 + 2/9 + 1/9) / 3 = −0.250.
    expect(line).toMatch(/^ {2}REGRESSION +benchmark +a3 +pass_rate +0\.657 → 0\.407 +▼ −0\.250 /);
    const reported = await run([BASE, A3]);
    expect(reported.code).toBe(0);
  });

  it('writes Markdown for a PR comment', async () => {
    const { code, out } = await run([BASE, A3, '--format', 'md']);
    expect(code).toBe(0);
    expect(out.startsWith('## evalc diff — course-advisor\n')).toBe(true);
    expect(out).toContain('❌ **');
    expect(out).toContain('| 🔴 regression | `benchmark` | `a3` | `pass_rate` |');
    expect(out).toContain('**Pass → fail (8)**');
    expect(out.length).toBeLessThan(65_000);
  });

  it('writes JSON with the exit code as a field', async () => {
    const { code, out } = await run([BASE, A3, '--format', 'json', '--fail-on', 'regression']);
    expect(code).toBe(1);
    const json = JSON.parse(out);
    expect(json.exitCode).toBe(1);
    expect(json.summary.passToFail).toBe(8);
    expect(json.options).toEqual({ significance: 0.05, seed: 7, resamples: 1000, volatileTolerance: 0.2 });
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema(
      JSON.parse(readFileSync(path.join(locks, '..', '..', '..', 'schemas', 'report.schema.json'), 'utf8')),
    );
    const validate = ajv.compile({ $ref: 'https://evalc.dev/schemas/report.schema.json#/$defs/diff' });
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
  });

  it('takes the significance threshold from the command line', async () => {
    // The a2 drop has p = 0.25 (McNemar 3/0): significant at 0.3.
    const { code } = await run([BASE, A2, '--fail-on', 'regression', '--significance', '0.3']);
    expect(code).toBe(1);
  });

  it.each([
    [[BASE]],
    [[BASE, A2, A3]],
    [[BASE, A2, '--format', 'xml']],
    [[BASE, A2, '--fail-on', 'anything']],
    [[BASE, A2, '--bogus']],
    [[BASE, A2, '--significance', '2']],
  ])('exits 64 on a usage error: %j', async (args) => {
    await expect(run(args)).rejects.toMatchObject({ code: 64 });
  });

  it('says which lockfile is missing or not valid', async () => {
    const dir = tempFolder('evalc-diff-');
    writeFileSync(path.join(dir, 'broken.lock'), '{"evalc": ');
    writeFileSync(path.join(dir, 'other.json'), '{"hello": 1}');
    await expect(run([path.join(locks, BASE), 'nope.lock'], dir)).rejects.toMatchObject({
      code: 1,
      message: expect.stringMatching(/^cannot read the new lockfile: no lockfile at .*nope\.lock/),
    });
    await expect(run(['broken.lock', path.join(locks, BASE)], dir)).rejects.toMatchObject({
      code: 1,
      message: expect.stringMatching(
        /^cannot read the old lockfile: .*broken\.lock:1:11 is not valid JSON: Unexpected end of JSON input/,
      ),
    });
    await expect(run(['other.json', path.join(locks, BASE)], dir)).rejects.toMatchObject({
      code: 1,
      message: expect.stringMatching(/other\.json is not an evalc lockfile/),
    });
  });
});
