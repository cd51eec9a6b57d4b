/**
 * QA244: the cases next to QA237's (a 2xx JSON reply whose bytes are not UTF-8 is `invalid_json`
 * naming the byte): a gzipped Latin-1 reply, one that begins with a UTF-8 byte order mark before its
 * Latin-1 bytes, and one naming a charset evalc does not know (read as UTF-8) were still kept with
 * U+FFFD for those bytes ('A caf\uFFFD'), cached as the answer without a word. A UTF-8 BOM before
 * UTF-8 and a known charset stay read as they are. A real loopback server.
 */
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { askBytesReply, CAFE_REPLY_JSON, type Cleanups } from '../fixtures/byte-reply.js';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const ask = (body: Buffer, headers: Record<string, string>) => askBytesReply(body, headers, cleanups);

const JSON_TEXT = CAFE_REPLY_JSON;
const LATIN1 = Buffer.from(JSON_TEXT, 'latin1');
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const WAY_OUT =
  'send UTF-8, or name the charset the agent writes, e.g. Content-Type: application/json; charset=iso-8859-1';

describe('a reply whose bytes are not UTF-8, the cases next to QA237 (QA244)', () => {
  it.each([
    [
      'gzipped',
      gzipSync(LATIN1),
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      'byte 0xe9 at offset 28; its Content-Type names no charset',
    ],
    [
      'after a UTF-8 byte order mark',
      Buffer.concat([BOM, LATIN1]),
      { 'content-type': 'application/json' },
      'byte 0xe9 at offset 31; it begins with a UTF-8 byte order mark',
    ],
    [
      'naming a charset evalc does not know',
      LATIN1,
      { 'content-type': 'application/json; charset=latin-9x' },
      'byte 0xe9 at offset 28; its Content-Type says latin-9x, a charset evalc does not know, so read as UTF-8',
    ],
  ])('%s: invalid_json naming the byte', async (_what, body, headers, said) => {
    const { url, outcome } = await ask(body, headers);
    expect(outcome).toEqual({
      kind: 'invalid_json',
      message: `POST ${url}: reply is not UTF-8 (${said}): ${WAY_OUT}`,
      retryable: false,
    });
  });

  it.each([
    ['UTF-8 after a UTF-8 byte order mark', Buffer.concat([BOM, Buffer.from(JSON_TEXT)]), 'application/json'],
    ['gzipped UTF-8', Buffer.from(JSON_TEXT), 'application/json'],
    ['Latin-1 named latin1', LATIN1, 'application/json; charset=latin1'],
  ])('%s: read as it is', async (what, body, contentType) => {
    const gzipped = what.startsWith('gzipped');
    const { outcome } = await ask(gzipped ? gzipSync(body) : body, {
      'content-type': contentType,
      ...(gzipped ? { 'content-encoding': 'gzip' } : {}),
    });
    expect(outcome).toEqual({ output: { answer: 'A café' } });
  });
});
