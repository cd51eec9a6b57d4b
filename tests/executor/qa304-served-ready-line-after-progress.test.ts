/**
 * QA304: a ready line the process has not ended is matched as it stands (QA298), but only after a
 * line longer than 64 KiB was spilled to the log: an agent that drew a `\r` progress bar (tqdm,
 * no end of line) and then printed `\rready on 7401\r` in the chunk that made the line spill had
 * its ready line cut away unseen, with no plan secret to carry (it read 'not ready within …: it
 * wrote no output'). The unended line is matched before a spill cuts it. A stream fed one chunk:
 * through a pipe the read sizes, so whether the spill falls in the ready line's chunk, vary by timing.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startServedProcess } from '../../src/executor/agent-process.js';
import { feedOutputTail, settled } from '../fixtures/output-tail-run.js';

/** A `\r` progress bar (tqdm's, no end of line) past 64 KiB: a line the tail spills to the log. */
function progressBar(): string {
  let bar = '';
  for (let i = 0; bar.length < 70_000; i++) bar += `\rloading ${i % 100}%`;
  return bar;
}

it('sees a \\r-ended ready line in the chunk that spills a progress bar', async () => {
  const fed = feedOutputTail([]);
  const { out, seen } = fed;
  const bar = progressBar();
  out.write(`${bar}\rready on 7401\r`);
  await settled();
  expect(seen.filter((line) => /^ready on \d+$/.test(line))).toEqual(['ready on 7401']);
  out.end();
  await settled();
  // the spilled line is in the log, whole, as before
  expect(fed.written).toBe(`${bar}\rready on 7401\r\n`);
});

/**
 * QA304: a served agent that said its ready line without an end of line, in words ready.line does not
 * match, was told 'not ready within …' with 'it wrote no output: … flush after printing the ready
 * line': the line it was in the middle of was in no message. It is quoted, masked, ending in a `…`.
 * Real subprocess.
 */
it('quotes the line it has not ended when it is not ready', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'evalc-qa304-'));
  try {
    const key = 'sk-live-51HabcdefGHIJKLmnopQRSTuvWXyz';
    writeFileSync(
      join(dir, 'agent.js'),
      `process.stdout.write('listening on 7401 with key ${key}'); setInterval(() => {}, 1000);`,
    );
    const outcome = await startServedProcess(
      { command: `"${process.execPath}" agent.js`, ready: { line: '^ready', timeout: '1500ms' } },
      { cwd: dir, name: 'a', logFile: join(dir, 'a.log'), secrets: [key] },
    );
    if (outcome.ok) throw new Error('ready on a line that does not match');
    expect(outcome.error.message).toMatch(
      /not ready within 1500 ms; output: listening on 7401 with key \*+…$/,
    );
    expect(outcome.error.message).not.toContain('wrote no output');
    expect(JSON.stringify(outcome.error)).not.toContain('abcdef');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * QA304: one the spill falls in (a pipe read ending at `\rready o`, the rest in the next) was cut to the
 * carry, nothing with no plan secret: the progress bar's text from its last `\r` is kept as well.
 */
it('sees a \\r-ended ready line the spill of a progress bar falls in', async () => {
  const fed = feedOutputTail([]);
  const { out, seen } = fed;
  const bar = progressBar();
  out.write(`${bar}\rready o`);
  await settled();
  out.write('n 7401\r');
  await settled();
  expect(seen.filter((line) => /^ready on \d+$/.test(line))).toEqual(['ready on 7401']);
  out.end();
  await settled();
  // the log holds the output once, as written
  expect(fed.written).toBe(`${bar}\rready on 7401\r\n`);
});

/**
 * QA304: keeping the bar's text from its last `\r` must not shorten the carry of a line with no `\r`:
 * a line of a long secret repeated, masked to under 1 KiB, was cut one character from its end,
 * so the head of the secret a pipe read ended in was written unmasked.
 */
it('keeps the carry of a spilled line with no \\r that masks to under 1 KiB', async () => {
  const secret = Array.from({ length: 40 }, (_, i) => `Kq${i}x`.padEnd(10, 'Z')).join('');
  const fed = feedOutputTail([secret]);
  const { out } = fed;
  out.write(`${secret.repeat(170)}${secret.slice(0, 200)}`);
  await settled();
  out.write(`${secret.slice(200)}\n`);
  out.end();
  await settled();
  expect(fed.written).toBe(`${'***'.repeat(171)}\n`);
  expect(fed.written).not.toContain(secret.slice(0, 20));
});
