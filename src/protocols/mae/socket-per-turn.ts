/**
 * `socket` transport, agentv profile (AgentV parity): a new connection per turn — connect, send
 * the JSON request plus `\n`, read one line (or to EOF), close. A connection closed without
 * data yields `{}`, which the loop fails as `unknown_action`, as AgentV does. One closed in the
 * middle of its reply (text without a newline that is no whole JSON text: an agent that crashed
 * writing it) is a retryable `transport_error` quoting what came, as the seed profile's persistent
 * connection says it (QA168: it was a definitive `invalid_json`, cached, so the next apply never
 * asked again).
 */
import { parseBoundedJson } from '../bounded-json.js';
import { quoteUnfinished } from '../quote-cut.js';
import { describeAddress } from './address.js';
import { connectSocket } from './socket-connect.js';
import type { SocketTransportOptions } from './socket-persistent.js';
import {
  cancelledReply,
  type MaeTransport,
  notUtf8Reply,
  parseReplyText,
  type SendOptions,
  SOCKET_JSON_HINT,
  type TransportReply,
  timeoutReply,
  unfinishedLineHint,
} from './transport.js';
import { Utf8Text } from './utf8-text.js';

export class PerTurnSocketTransport implements MaeTransport {
  readonly #options: SocketTransportOptions;
  readonly #where: string;

  constructor(options: SocketTransportOptions) {
    this.#options = options;
    this.#where = `socket agent ${describeAddress(options.address)}`;
  }

  async close(): Promise<void> {}

  async send(body: Record<string, unknown>, { signal }: SendOptions): Promise<TransportReply> {
    const where = this.#where;
    const { timeoutMs } = this.#options;
    const maxChars = this.#options.maxReplyChars ?? 16 * 1024 * 1024;
    const started = Date.now();
    const opened = await connectSocket(this.#options.address, timeoutMs, signal);
    if (!opened.ok) return opened;
    const socket = opened.socket;
    const remaining = Math.max(1, timeoutMs - (Date.now() - started));
    return new Promise<TransportReply>((resolve) => {
      let text = '';
      let settled = false;
      const finish = (reply: TransportReply) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        socket.destroy();
        resolve(reply);
      };
      const complete = () => {
        const line = text.split('\n')[0]?.trim() ?? '';
        if (line !== '' && !text.includes('\n') && !parseBoundedJson(line).ok)
          return finish({
            ok: false,
            error: {
              kind: 'transport_error',
              message: `${where}: connection closed in the middle of a reply; what came of it: ${quoteUnfinished(line, 120)}`,
              retryable: true,
            },
          });
        finish(
          line === ''
            ? { ok: true, reply: {}, warnings: [] }
            : notUtf8Reply(parseReplyText(line, where, SOCKET_JSON_HINT), where, utf8.take(line)),
        );
      };
      const onAbort = () => finish(cancelledReply(where));
      const timer = setTimeout(() => {
        const reply = timeoutReply(where, timeoutMs);
        // what came of a reply begun and not ended, as the seed profile's connection says it (QA338:
        // a slow writer's turn read a bare 'no reply within N ms')
        if (!reply.ok && text.trim() !== '') reply.error.message += unfinishedLineHint(text.trim());
        finish(reply);
      }, remaining);
      signal.addEventListener('abort', onAbort, { once: true });
      const utf8 = new Utf8Text();
      socket.on('data', (bytes: Buffer) => {
        // only the new piece is searched for the newline: searching the whole text read so far on
        // every piece made a long reply's reading quadratic (QA338: 6 MiB in 4 KiB pieces took 7 s,
        // a 16 MiB one past the limit 8 s and 440 MB, failing `timeout` under load); and the reply
        // line is held to the limit when its newline has come too (QA338: a reply read whole in one
        // piece was never measured, so 4 KiB passed limits.maxResponseBytes: 1024)
        const piece = utf8.write(bytes);
        const newline = piece.indexOf('\n');
        const lineChars = text.length + (newline < 0 ? piece.length : newline);
        text += piece;
        if (lineChars > maxChars)
          finish({
            ok: false,
            error: { kind: 'response_too_large', message: `${where}: reply exceeds ${maxChars} characters` },
          });
        else if (newline >= 0) complete();
      });
      socket.on('end', complete);
      socket.on('close', complete);
      socket.on('error', (error: NodeJS.ErrnoException) =>
        finish({
          ok: false,
          error: {
            kind: 'transport_error',
            message: `${where}: ${error.code ?? error.message}`,
            retryable: true,
          },
        }),
      );
      socket.write(`${JSON.stringify(body)}\n`);
    });
  }
}
