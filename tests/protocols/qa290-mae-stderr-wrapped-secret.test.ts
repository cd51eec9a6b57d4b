/**
 * QA290: 783592b5 masks a key's base64 spelling wrapped in lines where a text is masked whole, but
 * a `local` mae agent's stderr is masked line by line: its wrapped dump of the key (`loaded config
 * (base64):` then 76-column lines) kept the key decodable in run.log, the cache, a crash's
 * `process_crashed` message and all four reports (checked with the CLI). A run of base64 lines is
 * held and masked as one text, then logged line by line to the request in flight. Real subprocess.
 */
import { spawn } from 'node:child_process';
import { expect, it } from 'vitest';
import { referencedSecrets } from '../../src/plan/secrets.js';
import { StderrTail } from '../../src/protocols/mae/stderr-tail.js';

const KEY = 'sk-live-51HabcdefGHIJKLmnopQRSTuvWXyz';
/** Each piece left between masks, read as base64 from each of its first 4 characters. */
const readable = (text: string) =>
  text
    .split('***')
    .flatMap((piece) =>
      [0, 1, 2, 3].map((skip) => Buffer.from(piece.slice(skip), 'base64').toString('latin1')),
    )
    .join('|');

it("masks a key's base64 spelling wrapped in a local agent's stderr lines and its crash summary", async () => {
  const secrets = referencedSecrets({ authorization: 'Bearer ${env.QA290_TOKEN}' }, { QA290_TOKEN: KEY });
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const dump = (pad) => Buffer.from('x'.repeat(pad) + 'config: {"key": "' + process.env.K + '"}')
         .toString('base64').replace(/(.{76})/g, '$1\\n');
       for (let pad = 0; pad < 12; pad++) console.error('loaded config ' + pad + ' (base64):\\n' + dump(pad));
       process.stderr.write('fatal, dump: ' + dump(7)); setTimeout(() => process.exit(1), 20);`,
    ],
    { env: { ...process.env, K: KEY }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const tail = new StderrTail(child.stderr, secrets);
  const logged: string[] = [];
  tail.log = (line) => logged.push(line);
  await new Promise((resolve) => child.on('close', resolve));
  tail.flush();
  expect(logged.filter((line) => line.startsWith('loaded config '))).toHaveLength(12);
  expect(logged.filter((line) => line.includes('***')).length).toBeGreaterThanOrEqual(13);
  for (const dump of logged.join('\n').split(/loaded config \d+ \(base64\):|fatal, dump:/))
    expect(readable(dump.replace(/\n/g, ''))).not.toContain(KEY.slice(8, 20));
  expect(tail.summary()).toContain('fatal, dump: ');
  expect(readable(tail.summary().replace(/ \| |\n/g, ''))).not.toContain(KEY.slice(8, 20));
});
