/**
 * QA298: `ready.line` was matched against whole lines only: an agent that says it is ready without
 * an end of line (`process.stdout.write('ready on 7401')`, Python's `print(…, end='')`) and then
 * waits for requests failed 'not ready within …', its ready line in no message. The line it has
 * not ended is matched as it stands. Real subprocess.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startServedProcess } from '../../src/executor/agent-process.js';

const dir = mkdtempSync(join(tmpdir(), 'evalc-qa298-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('is ready on a ready line printed without its end of line', async () => {
  writeFileSync(
    join(dir, 'agent.js'),
    `process.stdout.write('starting\\n' + Buffer.alloc(30, 7).toString('base64') + '\\nready on 7401');
     setInterval(() => {}, 1000);`,
  );
  const logFile = join(dir, 'a.log');
  const started = Date.now();
  const outcome = await startServedProcess(
    { command: `"${process.execPath}" agent.js`, ready: { line: '^ready on \\d+$', timeout: '4000ms' } },
    { cwd: dir, name: 'a', logFile },
  );
  if (!outcome.ok) throw new Error(outcome.error.message);
  expect(Date.now() - started).toBeLessThan(3000);
  await outcome.handle.stop();
  // the log ends the line where the process stopped, as before
  expect(readFileSync(logFile, 'utf8')).toMatch(/^starting\n[A-Za-z0-9+/]+=*\nready on 7401…\n$/);
});
