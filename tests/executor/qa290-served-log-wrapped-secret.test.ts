/**
 * QA290: 783592b5 masks a key's base64 spelling wrapped in lines where a text is masked whole, but
 * a served agent's output is masked line by line: its wrapped dump of the key (`base64 -w 76`, a
 * PEM-style 64) kept the key decodable in `.evalc/logs/<id>.log` and in a failure's `output:`
 * (`serve a exited with code 1 before it was ready; output: … | Y29uZmln…`, on stderr). A run of
 * base64 lines is held and masked as one text. Real subprocess.
 */
import { expect, it } from 'vitest';
import { runThroughOutputTail } from '../fixtures/output-tail-run.js';
import {
  WRAPPED_KEY as KEY,
  readableBase64 as readable,
  wrappedKeySecrets as secrets,
} from '../fixtures/wrapped-key.js';

it("masks a key's base64 spelling wrapped in a served agent's log lines and its failure's output", async () => {
  const script = `
    const dump = (pad, cols, end) => Buffer.from('x'.repeat(pad) + 'config: {"key": "' + process.env.K + '"}\\n')
      .toString('base64').replace(new RegExp('(.{' + cols + '})', 'g'), '$1' + end);
    for (let pad = 0; pad < 12; pad++) console.log('dump ' + pad + ':\\n' + dump(pad, 76, '\\r\\n'));
    process.stderr.write('fatal: bad config, dump follows: ' + dump(5, 64, '\\n'));`;
  const { written, tail } = await runThroughOutputTail(script, KEY, secrets);
  expect(written).toContain('dump 11:\n');
  expect(written).toContain('fatal: bad config, dump follows: ');
  expect(written.match(/\*\*\*/g)?.length).toBeGreaterThanOrEqual(13);
  for (const text of written.split(/dump \d+:|fatal/)) expect(readable(text)).not.toContain(KEY.slice(8, 20));
  expect(tail.suffix()).toContain('fatal: bad config');
  expect(readable(tail.suffix().replace(/ \| /g, '\n'))).not.toContain(KEY.slice(8, 20));
});
