/**
 * Regression (QA13): an agent's stderr with `\r` progress updates and no newline (tqdm) made
 * `StderrTail` re-scan everything read so far on every chunk — 22 MB per request took 49 s and
 * 850 MB in a black-box apply (and the agent, blocked on the full pipe, nearly timed out). The
 * pending line now stays short and a `\r` overwrites it as on a terminal.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { StderrTail } from '../../src/protocols/mae/stderr-tail.js';

async function drained(chunks: string[]): Promise<string[]> {
  const stream = new PassThrough();
  const tail = new StderrTail(stream);
  const logged: string[] = [];
  tail.log = (line) => logged.push(line);
  const ended = new Promise((resolve) => stream.on('end', resolve));
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  await ended;
  return logged;
}

describe('StderrTail', () => {
  it('reads 20 MB of carriage-return progress updates quickly and logs the last one', async () => {
    const update = (i: number) => `\rprogress ${i % 100}% |${'#'.repeat(60)}|`;
    const chunk = Array.from({ length: 800 }, (_, i) => update(i)).join('');
    const chunks = Array.from({ length: Math.ceil((20 * 1024 * 1024) / chunk.length) }, () => chunk);
    const started = Date.now();
    const logged = await drained([...chunks, '\rdone\n', 'next line\n']);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(logged).toEqual(['done', 'next line']);
  });

  it('splits lines across chunks, drops CRLF endings and blank lines, cuts lines at 500 characters', async () => {
    const logged = await drained(['first li', 'ne\r', '\n\nsecond\r\n', 'x'.repeat(2_000), '\nlast']);
    expect(logged).toEqual(['first line', 'second', 'x'.repeat(500), 'last…']);
  });

  it('keeps the text after a carriage return that ends one chunk', async () => {
    expect(await drained(['50%\r', '100%\n'])).toEqual(['100%']);
  });
});
