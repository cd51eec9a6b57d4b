/**
 * QA298: a served agent's run of base64 lines is held and masked as one text (QA290), but it was
 * written only once a line that is not base64 came or the stream ended: an agent that printed a
 * wrapped dump and then ran on silent (hung on a request) kept it out of its log for as long, and a
 * killed evalc lost it; an agent printing a bare id a line, a run that never ends, had none written
 * until it was stopped. A run is written a second after it began at the latest, masked. Real subprocess.
 */
import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { expect, it } from 'vitest';
import { OutputTail } from '../../src/executor/served-output.js';
import {
  WRAPPED_KEY as KEY,
  readableBase64 as readable,
  wrappedKeySecrets as secrets,
} from '../fixtures/wrapped-key.js';

/** A `node -e` child whose stdout and stderr go through an OutputTail into a log read as it is written. */
function served(script: string) {
  const child = spawn(process.execPath, ['-e', script], {
    env: { ...process.env, K: KEY },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = new PassThrough();
  const agent = { child, written: '' };
  log.on('data', (chunk: Buffer) => {
    agent.written += chunk.toString('utf8');
  });
  const tail = new OutputTail(secrets);
  tail.attach(child.stdout, log, () => {});
  tail.attach(child.stderr, log, () => {});
  return agent;
}

async function until(check: () => boolean): Promise<void> {
  const start = Date.now();
  while (!check() && Date.now() - start < 5000) await new Promise((r) => setTimeout(r, 50));
}

it('writes a held run of base64 lines to the log, masked, while the agent runs on silent', async () => {
  const agent = served(`
    const dump = Buffer.from('config: {"key": "' + process.env.K + '"}').toString('base64');
    console.log('dumping config:');
    for (const line of dump.match(/.{1,40}/g)) console.log(line);
    setTimeout(() => {}, 10000);`);
  try {
    await until(() => agent.written.includes('***'));
    const lines = agent.written.trimEnd().split('\n');
    expect(lines[0]).toBe('dumping config:');
    // 'config: {"key": "' is 17 bytes: its 20 base64 characters stand before the masked spelling
    expect(lines[1]).toMatch(/^Y29uZmlnOiB7ImtleSI6ICJ/);
    expect(agent.written).toContain('***');
    expect(readable(lines.slice(1).join('\n'))).not.toContain(KEY.slice(8, 20));
    expect(agent.child.exitCode).toBeNull(); // written while the agent still runs
  } finally {
    agent.child.kill('SIGKILL');
  }
});

it("writes an agent's bare id lines, one every 100 ms, while it prints them", async () => {
  const agent = served(
    `setInterval(() => console.log(require('crypto').randomBytes(16).toString('hex')), 100);`,
  );
  try {
    await until(() => agent.written.split('\n').length > 10);
    expect(agent.written.split('\n').length).toBeGreaterThan(10);
    expect(agent.written).toMatch(/^[0-9a-f]{32}\n/);
    expect(agent.child.exitCode).toBeNull();
  } finally {
    agent.child.kill('SIGKILL');
  }
});
