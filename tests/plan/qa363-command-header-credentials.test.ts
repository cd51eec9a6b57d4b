/**
 * QA363: a key written in a command's header option, `curl -H "Authorization: Bearer sk-…"`,
 * `--header "x-api-key: …"`, or after a one-letter option, `-k sk-…`, was recorded as written in
 * evalc.lock and the reports (command-secrets.ts masked only `NAME=…` and `--api-key …` forms).
 * Real subprocesses for the last: a RAIP agent on loopback, a node stdio judge.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commandSecrets, maskCommandCredentials } from '../../src/plan/command-secrets.js';
import { runCli } from '../e2e/apply-harness.js';
import { applyQuiet, commandJudgeWorkspace, planEditedCommand } from '../fixtures/command-judge-workspace.js';

const KEY = 'sk-proj-AbCdEfGh1234IjKlMnOp5678';
const GHP = 'ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';

describe('keys in a command header option or after a one-letter option (QA363)', () => {
  it('masks the header value (its scheme kept) and a key-shaped one-letter option value', () => {
    const cases: Array<[string, string]> = [
      [`curl -H "Authorization: Bearer ${KEY}" http://x`, 'curl -H "Authorization: Bearer ***" http://x'],
      [`curl --header "x-api-key: ${KEY}" http://x`, 'curl --header "x-api-key: ***" http://x'],
      [`curl --header='X-Api-Key: ${KEY}' u`, "curl --header='X-Api-Key: ***' u"],
      [`curl -H "X-Trace: 12345" -H "X-Custom: ${GHP}"`, 'curl -H "X-Trace: 12345" -H "X-Custom: ***"'],
      [`node j.mjs -k ${KEY} -m gpt-4o-mini rpc`, 'node j.mjs -k *** -m gpt-4o-mini rpc'],
      [`node j.mjs -t ${GHP} rpc`, 'node j.mjs -t *** rpc'],
      [`x --authorization "Bearer ${KEY}"`, 'x --authorization ***'],
      [
        `curl -H'Authorization: Bearer ${KEY}' -Hx-api-key:${GHP} u`,
        "curl -H'Authorization: Bearer ***' -Hx-api-key:*** u",
      ],
      [
        `curl -H "Cookie: session=${KEY}" -H "Authorization: Basic dXNlcjpwYXNzd29yZA==" u`,
        'curl -H "Cookie: ***" -H "Authorization: Basic ***" u',
      ],
      [`x -k=${KEY} -p hunter2hunter2`, 'x -k=*** -p ***'],
      [
        `sh -c "curl -H 'Authorization: Bearer ${KEY}' http://x"`,
        `sh -c "curl -H 'Authorization: Bearer ***' http://x"`,
      ],
    ];
    for (const [command, recorded] of cases) expect(maskCommandCredentials(command)).toBe(recorded);
    expect(commandSecrets(`curl -H "Authorization: Bearer ${KEY}"`)).toContain(KEY);
    expect(commandSecrets(`node j.mjs -k ${KEY}`)).toContain(KEY);
  });

  it('keeps settings: plain headers, references, models, paths, ports, urls', () => {
    for (const command of [
      "curl -H 'Content-Type: application/json' -k https://example.com/v1",
      'curl -H "Authorization: Bearer $TOKEN" -H "x-api-key: ${KEY}" u',
      'node j.mjs -m claude-3-5-sonnet-20241022 -o out/report.json -p 8080 -k "$KEY"',
      'curl -H "Accept: text/event-stream" -u "$USER:$PASS" u',
    ])
      expect(maskCommandCredentials(command)).toBe(command);
  });

  it('a non-secret part still changes the recorded command', () => {
    const a = maskCommandCredentials(`curl -H "Authorization: Bearer ${KEY}" -H "X-Model: a" u`);
    const b = maskCommandCredentials(`curl -H "Authorization: Bearer ${KEY}" -H "X-Model: b" u`);
    const c = maskCommandCredentials(
      `curl -H "Authorization: Bearer sk-other-9876543210abcdefXYZ" -H "X-Model: a" u`,
    );
    expect(a).not.toBe(b);
    expect(a).toBe(c);
  });
});

describe('a stdio judge whose command writes a header key and a one-letter option key (QA363)', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('keeps both keys out of evalc.lock and the reports; a non-secret edit re-scores', async () => {
    // `:` ignores its words; the judge runs after it, given `rpc <method>`
    const command = (model: string) =>
      `: -H "Authorization: Bearer ${KEY}" -k ${GHP} -H "X-Model: ${model}"; node judge.mjs`;
    const dir = await commandJudgeWorkspace('qa363-cmd', command('a'), 'hello', cleanups);
    const { applied, report } = await applyQuiet(dir);
    expect(applied.code, applied.stderr).toBe(0);
    const lock = readFileSync(path.join(dir, 'evalc.lock'), 'utf8');
    expect(lock).toContain('-H \\"Authorization: Bearer ***\\" -k *** -H \\"X-Model: a\\"');
    const written = [
      ...listFiles(dir)
        .filter((f) => !f.endsWith('evalc.yaml'))
        .map((f) => readFileSync(f, 'utf8')),
    ];
    for (const text of [...written, report, applied.stdout, applied.stderr]) {
      expect(text).not.toContain('AbCdEfGh1234');
      expect(text).not.toContain('MnOpQrStUv');
    }
    const validated = await runCli(['validate', 'evalc.yaml'], { cwd: dir, timeoutMs: 30_000 });
    expect(validated.stdout + validated.stderr).toContain('`-H Authorization:`, `-k`');
    expect(validated.stdout + validated.stderr).toContain('`-H "Authorization: Bearer $API_KEY"`');
    // the plan writes the command JSON-quoted: its `"` read `\"`
    const planned = await planEditedCommand(dir, 'X-Model: a', 'X-Model: b');
    expect(planned.stdout).not.toContain('No changes');
    expect(planned.stdout + planned.stderr).not.toContain('MnOpQrStUv');
  }, 60_000);
});

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}
