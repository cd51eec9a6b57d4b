/**
 * Regression (QA13): `LineChannel` re-split all pending text on every chunk, so one long reply
 * line cost quadratic time (a 15 MB reply from a persistent local agent: 2.1 s, against 0.5 s
 * for the same reply read whole by the one-process-per-turn transport). Only the new chunk is
 * searched now. Also pins the line rules the rewrite must keep, and (QA13 too) reads a
 * pretty-printed reply — `json.dumps(obj, indent=2)` — as one reply instead of `invalid_json: "{"`.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LineChannel, type LineEvent } from '../../src/protocols/mae/line-channel.js';

const never = new AbortController().signal;

function channel(maxLineChars = 1024 * 1024): { stream: PassThrough; lines: LineChannel } {
  const stream = new PassThrough();
  return { stream, lines: new LineChannel(stream, maxLineChars) };
}

async function take(lines: LineChannel, n: number): Promise<LineEvent[]> {
  const events: LineEvent[] = [];
  for (let i = 0; i < n; i++) events.push(await lines.next(1_000, never));
  return events;
}

describe('LineChannel', () => {
  it('reads a 40 MB line written in 64 KB chunks in linear time', async () => {
    const { stream, lines } = channel(64 * 1024 * 1024);
    const piece = 'y'.repeat(64 * 1024);
    const count = 640;
    const started = Date.now();
    stream.write('{"action":"final_answer","summary":"');
    for (let i = 0; i < count; i++) stream.write(piece);
    stream.write('"}\n');
    const [event] = await take(lines, 1);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(event?.kind).toBe('line');
    if (event?.kind === 'line') expect(event.line.length).toBe(count * piece.length + 38);
  });

  it('joins lines across chunks, trims CR and blank lines, and takes a whole object without its newline', async () => {
    const { stream, lines } = channel();
    stream.write('{"a":');
    stream.write('1}\r\n\n  \n{"b"');
    stream.write(':2}\n{"c":3}');
    expect(await take(lines, 3)).toEqual([
      { kind: 'line', line: '{"a":1}' },
      { kind: 'line', line: '{"b":2}' },
      { kind: 'line', line: '{"c":3}' },
    ]);
    stream.write('\n{"d":');
    stream.end('4}');
    expect(await take(lines, 2)).toEqual([{ kind: 'line', line: '{"d":4}' }, { kind: 'closed' }]);
  });

  it('reads a pretty-printed reply (a line `{` … a line `}`) as one reply', async () => {
    const { stream, lines } = channel();
    const reply = { action: 'call_tool', tool_name: 'get', tool_params: { ids: [1, 2], nested: { a: {} } } };
    const pretty = JSON.stringify(reply, null, 2);
    stream.write(`${pretty.slice(0, 30)}`);
    stream.write(`${pretty.slice(30)}\n`);
    stream.write(`${JSON.stringify(reply, null, 4)}`);
    const events = await take(lines, 2);
    expect(events.map((e) => (e.kind === 'line' ? JSON.parse(e.line) : e))).toEqual([reply, reply]);
  });

  it('gives an unfinished pretty-printed reply back as the cut text of the close when the stream ends', async () => {
    const { stream, lines } = channel();
    stream.end('{\n  "action": "final_answer",\n');
    // QA163: a reply cut off by the close is no reply (it was read as one: invalid_json, cached)
    expect(await take(lines, 1)).toEqual([{ kind: 'closed', cut: '{\n"action": "final_answer",' }]);
  });

  it('keeps a last line without its newline that is whole JSON, and reports a cut one with the close', async () => {
    const whole = channel();
    whole.stream.end('[1, 2]');
    expect(await take(whole.lines, 2)).toEqual([{ kind: 'line', line: '[1, 2]' }, { kind: 'closed' }]);
    const cut = channel();
    cut.stream.end('{"action": "final_ans');
    expect(await take(cut.lines, 1)).toEqual([{ kind: 'closed', cut: '{"action": "final_ans' }]);
  });

  it('reports a line longer than the limit as too large', async () => {
    const { stream, lines } = channel(1_000);
    stream.write('x'.repeat(600));
    stream.write('x'.repeat(600));
    expect(await take(lines, 1)).toEqual([{ kind: 'too_large', maxChars: 1_000 }]);
  });
});
