/**
 * QA298: a served agent's run of base64 lines is held and masked as one text (QA290), but it was
 * written only once a line that is not base64 came or the stream ended: an agent that printed a
 * wrapped dump and then ran on silent (hung on a request) kept it out of its log for as long, and a
 * killed evalc lost it. It is written once the stream has been quiet a second, masked. Real subprocess.
 */
import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { expect, it } from 'vitest';
import { OutputTail } from '../../src/executor/served-output.js';
import { secretValues } from '../../src/plan/secrets.js';

const KEY = 'sk-live-51HabcdefGHIJKLmnopQRSTuvWXyz';
const secrets = secretValues([{ authorization: `Bearer ${KEY}` }]);
/** Each piece left between masks, read as base64 from each of its first 4 characters. */
const readable = (text: string) =>
  text
    .replace(/\r?\n/g, '')
    .split('***')
    .flatMap((piece) =>
      [0, 1, 2, 3].map((skip) => Buffer.from(piece.slice(skip), 'base64').toString('latin1')),
    )
    .join('|');

it('writes a held run of base64 lines to the log, masked, once the agent has been quiet a second', async () => {
  const script = `
    const dump = Buffer.from('config: {"key": "' + process.env.K + '"}').toString('base64');
    console.log('dumping config:');
    for (const line of dump.match(/.{1,40}/g)) console.log(line);
    setTimeout(() => {}, 10000);`;
  const child = spawn(process.execPath, ['-e', script], {
    env: { ...process.env, K: KEY },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const log = new PassThrough();
    let written = '';
    log.on('data', (chunk: Buffer) => {
      written += chunk.toString('utf8');
    });
    const tail = new OutputTail(secrets);
    tail.attach(child.stdout, log, () => {});
    tail.attach(child.stderr, log, () => {});
    const start = Date.now();
    while (!written.includes('***') && Date.now() - start < 5000) await new Promise((r) => setTimeout(r, 50));
    const lines = written.trimEnd().split('\n');
    expect(lines[0]).toBe('dumping config:');
    // 'config: {"key": "' is 17 bytes: its 20 base64 characters stand before the masked spelling
    expect(lines[1]).toMatch(/^Y29uZmlnOiB7ImtleSI6ICJ/);
    expect(written).toContain('***');
    expect(readable(lines.slice(1).join('\n'))).not.toContain(KEY.slice(8, 20));
    expect(child.exitCode).toBeNull(); // written while the agent still runs
  } finally {
    child.kill('SIGKILL');
  }
});
