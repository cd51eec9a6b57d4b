/**
 * QA298: a `local` mae agent's stderr run of base64 lines is held and masked as one text (QA290),
 * released when the stream ends; a per-turn agent (profile: agentv) that timed out after writing a
 * wrapped dump had its turn's log closed before its stderr ended, so the dump's lines were in no
 * log (run.log, the cache): logged line by line before, they were kept. Real subprocess.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { referencedSecrets } from '../../src/plan/secrets.js';
import { PerTurnLocalTransport } from '../../src/protocols/mae/local-per-turn.js';

const KEY = 'sk-live-51HabcdefGHIJKLmnopQRSTuvWXyz';

it('logs, masked, the wrapped dump a per-turn local agent wrote on stderr before its turn timed out', async () => {
  const secrets = referencedSecrets({ authorization: 'Bearer ${env.QA298_TOKEN}' }, { QA298_TOKEN: KEY });
  const dir = mkdtempSync(join(tmpdir(), 'qa298-'));
  writeFileSync(
    join(dir, 'agent.js'),
    `const dump = Buffer.from('config: {"key": "' + process.env.K + '"}').toString('base64');
    console.error('loaded config (base64):'); for (const line of dump.match(/.{1,40}/g)) console.error(line);
    setTimeout(() => {}, 30000);`,
  );
  const transport = new PerTurnLocalTransport({
    command: `"${process.execPath}" agent.js`,
    cwd: dir,
    env: { ...(process.env as Record<string, string>), K: KEY },
    timeoutMs: 1500,
    secrets,
  });
  const logged: string[] = [];
  const reply = await transport.send(
    { task_description: 'x' },
    { signal: new AbortController().signal, log: (line) => logged.push(line) },
  );
  await transport.close();
  rmSync(dir, { recursive: true, force: true });
  expect(reply.ok ? 'ok' : reply.error.kind).toBe('timeout');
  expect(logged[0]).toBe('loaded config (base64):');
  expect(logged.length).toBeGreaterThanOrEqual(3);
  expect(logged.join('\n')).toContain('***');
  const joined = logged.slice(1).join('').split('***');
  for (const piece of joined)
    for (const skip of [0, 1, 2, 3])
      expect(Buffer.from(piece.slice(skip), 'base64').toString('latin1')).not.toContain(KEY.slice(8, 20));
});
