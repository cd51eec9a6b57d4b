/**
 * QA311: a key pasted as a reference in brackets or quotes, `${env["ghp_…"]}`, `${env['sk-proj-…']}`,
 * `${"sk_live_…"}` (a url, a stdio judge's command, serve.command), was said `${env…}` or `${…}` by
 * EVALC_SECRET_SYNTAX while the source line quoted under it showed it whole: the excerpt's mask read
 * what follows `${env.` or `${` and stopped at the bracket or quote. No output of validate or plan
 * holds them now.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { judgeCommandPlan } from '../compiler/judge-command-plan.js';
import { runCli } from '../e2e/apply-harness.js';

const URL_KEY = 'ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const JUDGE_KEY = 'sk-proj-AbCdEfGhIjKlMnOpQrStUvWx0123456789';
const SERVE_KEY = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';

it('validate and plan never print a key pasted in brackets or quotes inside ${…}', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'qa311-'));
  try {
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      judgeCommandPlan(
        `node judge.mjs \${env['${JUDGE_KEY}']}`,
        `  a: { protocol: raip, url: ${JSON.stringify(`http://127.0.0.1:9/?k=\${env["${URL_KEY}"]}`)} }
  s:
    protocol: raip
    url: "http://127.0.0.1:7199"
    serve: { command: ${JSON.stringify(`node a.mjs --key \${\`${SERVE_KEY}\`}`)} }`,
      ),
    );
    for (const args of [['validate'], ['validate', '--json'], ['plan']]) {
      const out = await runCli(args, { cwd: dir });
      expect(out.code).not.toBe(0);
      const text = out.stdout + out.stderr;
      expect(text.match(/EVALC_SECRET_SYNTAX/g)?.length).toBe(3);
      for (const key of [URL_KEY, JUDGE_KEY, SERVE_KEY]) {
        expect(text).not.toContain(key.slice(0, 12));
        expect(text).not.toContain(key.slice(-12));
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
