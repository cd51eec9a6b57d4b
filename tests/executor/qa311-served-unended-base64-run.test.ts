/**
 * QA311: a served agent not ready in time whose last output is a wrapped base64 dump it has not
 * ended (the pipe read ended inside its last line, the run still held) had its key's spelling
 * split between the held run and the unended line: 24ee9252 masked each alone, so neither held the
 * spelling whole and 'not ready … output:' (and its details' tail) quoted both halves decodable.
 * The unended line is masked with the run it continues, as the stream's end writes them to the log.
 * A stream fed one chunk: through a pipe where a read ends, and whether the held run's one second
 * has passed when the message is made, vary by timing.
 */
import { expect, it } from 'vitest';
import { secretValues } from '../../src/plan/secrets.js';
import { feedOutputTail, settled } from '../fixtures/output-tail-run.js';

it('masks a key split between a held base64 run and the line not ended after it', async () => {
  const key = 'sk-live-51HabcdefGHIJKLmnopQRSTuvWXyz0123456789';
  const dump = Buffer.from(`Authorization: Bearer ${key} and more padding text here`).toString('base64');
  const lines = dump.match(/.{1,40}/g) ?? [];
  const fed = feedOutputTail(secretValues([{ KEY: key }]));
  const { out, tail } = fed;
  // the key's spelling runs over lines 1–3; the third is not ended yet
  out.write(`dump:\n${lines.slice(0, 2).join('\n')}\n${lines[2]}`);
  await settled();
  const said = `${tail.suffix()}\n${tail.lines().join('\n')}`;
  expect(said).toContain('***');
  // what it quotes decodes to no part of the key
  for (const word of said.match(/[A-Za-z0-9+/]{12,}/g) ?? [])
    expect(Buffer.from(word, 'base64').toString('latin1')).not.toMatch(/51Habc|GHIJKL|QRSTuv|123456/);
  // and it quotes the lines as the log will hold them once the stream ends
  out.end();
  await settled();
  expect(fed.written).toBe(`dump:\n${tail.lines().slice(1).join('\n')}\n`);
  expect(fed.written).not.toContain(lines[1]?.slice(0, 12));
});
