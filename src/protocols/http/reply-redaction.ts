/**
 * What a server sends back may quote the secrets it was sent: an agent that echoes its request
 * headers, a 401 body naming the bad token, an `/info` name or a judge's rationale built from
 * them. The transport passes every reply through one `ReplyRedaction` built from its own header
 * values (plan/secrets.ts `secretValues`: the value, the credential after `Bearer`/`Basic`, their
 * JSON-escaped and percent-encoded forms) and the further secrets it is given (a `${env.X}` inside a
 * longer header value, `serve.env`), so no adapter or judge client returns them — not in an
 * error, a trajectory, a discovered identity (lockfile) or a verdict.
 *
 * Cost: nothing without headers. With headers, a successful reply is walked only when its text
 * holds a probe of some secret: the longest run of characters no JSON encoder escapes
 * (letters, digits, `-_.~`), so a `\u00fc` (Python's ensure_ascii) or `\/` (PHP) spelling of a
 * secret is still found; a secret with no such run of 4 characters makes every reply walked.
 */
import { scrubCutEnd } from '../../plan/secret-cut.js';
import { MIN_SECRET_LENGTH, scrubJsonValue, scrubWholeSecrets, secretValues } from '../../plan/secrets.js';

/** What replaces a secret in what the transport returns. */
export const REDACTED = '[redacted]';

export class ReplyRedaction {
  readonly #own: string[];
  /** The further secrets, read again when the list grew (a run's, as its agents and judges start). */
  readonly #more: readonly string[];
  #seen = -1;
  #secrets: string[] = [];
  /** Substrings of which at least one is in any text holding a secret; undefined: always scan. */
  #probes: string[] | undefined;

  constructor(headers: Record<string, string>, more: readonly string[] = []) {
    this.#own = secretValues([headers]);
    this.#more = more;
  }

  #current(): string[] {
    if (this.#seen !== this.#more.length) {
      this.#seen = this.#more.length;
      this.#secrets = [...new Set([...this.#own, ...this.#more])];
      this.#probes = probesOf(this.#secrets);
    }
    return this.#secrets;
  }

  get active(): boolean {
    return this.#current().length > 0;
  }

  /** `text` (a reply as received, not cut: no head before a `…` is a secret's) with every secret replaced by `[redacted]`. */
  text(text: string): string {
    const secrets = this.#current();
    return secrets.length === 0 ? text : scrubWholeSecrets(text, secrets, REDACTED);
  }

  /**
   * `text` (a reply the connection's close cut short, cut-reply.ts) with every secret replaced, and
   * the head of one the cut ran through (`… Bearer sk-live-01234`): `text()` left it in the open, in
   * the error that quotes the reply (QA185).
   */
  cutText(text: string): string {
    const secrets = this.#current();
    return secrets.length === 0
      ? text
      : scrubCutEnd(text, secrets, REDACTED, (piece) => scrubWholeSecrets(piece, secrets, REDACTED));
  }

  /** Whether `rawText` (a reply as received) may hold a secret in some spelling. */
  mayHold(rawText: string): boolean {
    if (this.#current().length === 0) return false;
    if (this.#probes === undefined) return true;
    for (const probe of this.#probes) if (rawText.includes(probe)) return true;
    return false;
  }

  /** A parsed reply (or its headers) with every secret replaced in each string, keys included. */
  value<T>(value: T): T {
    const secrets = this.#current();
    return secrets.length === 0 ? value : scrubJsonValue(value, secrets, REDACTED);
  }
}

const UNESCAPED_RUN = /[A-Za-z0-9\-_.~]+/g;

function probesOf(secrets: readonly string[]): string[] | undefined {
  const probes = new Set<string>();
  for (const secret of secrets) {
    let longest = '';
    for (const [run] of secret.matchAll(UNESCAPED_RUN)) if (run.length > longest.length) longest = run;
    if (longest.length < MIN_SECRET_LENGTH) return undefined;
    probes.add(longest);
  }
  return [...probes];
}
