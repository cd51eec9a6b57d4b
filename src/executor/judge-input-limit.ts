/**
 * The largest input one judge call may send (`judges.<id>.limits.maxInputBytes`, default 1 MiB).
 * QA317: nothing capped it, and a call holds several times its text while it is built and sent
 * (the content, the verdict cache's key text, the rendered prompt, the request's JSON and bytes):
 * eight 15 MB answers judged at once took apply from 613 MB RSS unjudged to 887 MB, and under a
 * 400 MB heap it died out of memory, with no lockfile.
 * A larger input is that example's `metric_error`, naming its size and the limit, and is never
 * sent: not truncated (the judge would score a text the agent did not give), never cached (the
 * limit is a runtime setting, kept out of every key: raising it judges the example on the next
 * apply), and not the judge's failure (its server did nothing wrong).
 */
import type { JudgeClient, JudgeRequest } from '../protocols/judge-types.js';

export { DEFAULT_JUDGE_INPUT_BYTES } from '../plan/agent-schema.js';

/** UTF-8 bytes of what a call sends of its own: content, reference and task (the rubric is the plan's). */
export function judgeInputBytes(request: JudgeRequest): number {
  let bytes = Buffer.byteLength(request.content, 'utf8');
  if (request.reference !== undefined) bytes += Buffer.byteLength(request.reference, 'utf8');
  if (request.task !== undefined) bytes += Buffer.byteLength(request.task, 'utf8');
  return bytes;
}

/** `client`, refusing a call whose input is over `maxBytes` before anything is built or sent (counted in `refused`). */
export function inputBoundJudge(
  client: JudgeClient,
  judgeId: string,
  maxBytes: number,
  refused?: { count: number },
): JudgeClient {
  return {
    protocol: client.protocol,
    describe: (signal) => client.describe(signal),
    close: () => client.close(),
    judge(request, signal) {
      const bytes = judgeInputBytes(request);
      if (bytes <= maxBytes) return client.judge(request, signal);
      if (refused) refused.count++;
      return Promise.resolve({
        ok: false,
        error: {
          kind: 'metric_error',
          message: `the judge input is ${sizeText(bytes, maxBytes)}, over judge ${judgeId}'s limit of ${sizeText(maxBytes)}: not sent (raise judges.${judgeId}.limits.maxInputBytes to judge it)`,
          details: { inputBytes: bytes, maxInputBytes: maxBytes },
        },
      });
    },
  };
}

/**
 * Said after 'judge oj scored nothing: …' when none of its calls failed on its side but some were
 * refused for their size (QA324: stderr said only 'the failing examples in report.md say why').
 * Sizes differ by example, so none is named: the words do not depend on which call came first.
 */
export function overLimitFirst(judgeId: string, maxBytes: number, refused: number): string | undefined {
  if (refused === 0) return undefined;
  const calls = refused === 1 ? '1 such call' : `${refused} such calls`;
  return `the judge input was over judge ${judgeId}'s limit of ${sizeText(maxBytes)}: not sent (${calls}; raise judges.${judgeId}.limits.maxInputBytes to judge ${refused === 1 ? 'it' : 'them'}; report.md names each size)`;
}

/**
 * `15,728,640 bytes (15 MiB)`: the exact figure, and a readable one above 1 KiB, left out when it
 * would read as `beside`'s (QA330: an input of 1,048,600 bytes read '(1.0 MiB)', over a limit of
 * '1,048,576 bytes (1 MiB)', as if it were not over it).
 */
function sizeText(bytes: number, beside?: number): string {
  const exact = `${bytes.toLocaleString('en-US')} bytes`;
  const shown = readableSize(bytes);
  if (shown === undefined) return exact;
  const other = beside === undefined ? undefined : readableSize(beside);
  if (other && shown.unit === other.unit && Number(shown.figure) === Number(other.figure)) return exact;
  return `${exact} (${shown.figure} ${shown.unit})`;
}

/** `15` `MiB`, `1.2` `KiB`; undefined under 1 KiB. */
function readableSize(bytes: number): { figure: string; unit: string } | undefined {
  if (bytes < 1024) return undefined;
  const [unit, size] = bytes < 1024 * 1024 ? ['KiB', bytes / 1024] : ['MiB', bytes / (1024 * 1024)];
  return { figure: Number.isInteger(size) ? String(size) : size.toFixed(1), unit };
}
