/**
 * QA190 (930f919's case for a stdio agent-eval judge): a judge process that crashes in the middle
 * of its reply line, halfway through a secret it echoes (`{"result": {"rationale": "key
 * sk-live-0123456789ab` and exit 1, no end of line), failed process_crashed quoting the line
 * '"…key sk-live-0123456789ab"': with no `…` where it stopped, the run's masking of a cut secret's
 * head found none, and the head stood in the open in report.json, run.log and the step cache. The
 * quote of a line the process never ended now ends in a `…`; a whole line is quoted as before.
 * A real subprocess.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scrubSecrets } from '../../src/plan/secrets.js';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';

const TOKEN = 'sk-live-0123456789abcdefghijklmnop';
const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa190-rpc-cut-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// answers version; to judge, writes line.txt as it is and exits 1
writeFileSync(
  path.join(dir, 'judge.mjs'),
  `import { readFileSync } from 'node:fs';
const method = process.argv[3];
process.stdin.resume();
process.stdin.on('end', () => {
  if (method === 'version') {
    process.stdout.write(JSON.stringify({ result: { package: '@tangle-network/agent-eval', version: '0.170.0', wireVersion: '1.1.0' } }) + '\\n');
    return;
  }
  process.stdout.write(readFileSync('line.txt', 'utf8'));
  process.exitCode = 1;
});
`,
);

async function messageFor(line: string, end: string): Promise<string> {
  writeFileSync(path.join(dir, 'line.txt'), `${line}${end}`);
  const judge = createAgentEvalJudge(
    { protocol: 'agent-eval', command: 'node judge.mjs', limits: { retries: 0 } },
    { cwd: dir, rubrics: {} },
  );
  try {
    const verdict = await judge.judge(
      { content: 'x', rubric: { name: 'anti-slop' } },
      AbortSignal.timeout(20_000),
    );
    return verdict.ok ? '' : verdict.error.message;
  } finally {
    await judge.close();
  }
}

describe('an rpc judge that crashes in the middle of its reply line (QA190)', () => {
  it('quotes the line with a … where it stopped, so the secret head it ends in is masked', async () => {
    const message = await messageFor(`{"result": {"rationale": "key ${TOKEN.slice(0, 20)}`, '');
    expect(message).toContain(`"key ${TOKEN.slice(0, 20)}…"`);
    expect(scrubSecrets(message, [TOKEN])).toContain('\\"key ***…"');
    expect(scrubSecrets(message, [TOKEN])).not.toContain('sk-live');
  });

  it('quotes a line it ended as it was', async () => {
    const message = await messageFor('{"result": oops}', '\n');
    expect(message).toContain(': "{\\"result\\": oops}"');
  });
});
