/**
 * agent-eval over stdio (agent-eval.md §3.3): `<command> rpc <method>` with the params object on
 * stdin for judge (A15), listRubrics and version — the one form the seed documents
 * (`echo '{}' | agent-eval rpc version`), which today's binary also accepts — and `<command>
 * rpc-batch judge` with JSONL (A17). Each process writes `{"result":…}` or `{"error":…}` lines; like the
 * Python client, evalc reads the LAST non-empty stdout line of a single call.
 */
import type { JudgeConfig } from '../../plan/schema.js';
import { parseBoundedJson } from '../bounded-json.js';
import { pythonReprHint } from '../python-repr.js';
import { quoteCut, quoteUnfinished } from '../quote-cut.js';
import type { StepError } from '../types.js';
import { type JudgeRuntime, judgeTimeoutMs, METADATA_TIMEOUT_MS } from './judge-runtime.js';
import { runRpcProcess, stderrTail } from './rpc-process.js';
import type { AgentEvalWire, JudgeWireBody, WireCall } from './wire-client.js';
import { mapWireError, parseWireError } from './wire-errors.js';

export interface AgentEvalRpcWire extends AgentEvalWire {
  /** One `rpc-batch judge` process; answer i belongs to request i. */
  judgeBatch(bodies: JudgeWireBody[], signal: AbortSignal): Promise<WireCall[]>;
}

export function createAgentEvalRpcWire(
  command: string,
  config: JudgeConfig,
  runtime: JudgeRuntime,
): AgentEvalRpcWire {
  const judgeTimeout = judgeTimeoutMs(config, runtime);
  const metadataTimeout = Math.min(judgeTimeout, METADATA_TIMEOUT_MS);
  const controller = new AbortController();

  async function run(args: string[], stdin: string, timeoutMs: number, signal: AbortSignal) {
    return runRpcProcess({
      command,
      args,
      stdin,
      cwd: runtime.cwd,
      timeoutMs,
      signal,
      closeSignal: controller.signal,
      ...(runtime.secrets ? { secrets: runtime.secrets } : {}),
    });
  }

  async function single(
    args: string[],
    params: unknown,
    timeoutMs: number,
    signal: AbortSignal,
  ): Promise<WireCall> {
    const where = `agent-eval ${args.join(' ')} (stdio)`;
    const ran = await run(args, JSON.stringify(params), timeoutMs, signal);
    if (!ran.ok) return ran;
    const lines = nonEmptyLines(ran.stdout);
    const last = lines[lines.length - 1];
    if (last === undefined)
      return { ok: false, error: noOutput(where, ran.exitCode, ran.stderr, runtime.secrets) };
    const answer = interpretLine(where, last, ran.exitCode, endsUnfinished(ran.stdout));
    // a reply whose bytes were not UTF-8 (a Latin-1 rationale) is no U+FFFD to keep (QA244)
    const notUtf8 = answer.ok ? ran.utf8.take(last) : undefined;
    if (notUtf8 !== undefined)
      return {
        ok: false,
        error: { kind: 'invalid_json', message: `${where}: ${notUtf8}`, retryable: false },
      };
    if (answer.ok) return resultOfExit(where, answer, ran.exitCode, ran.stderr, runtime.secrets);
    if (!/last output line is not JSON/.test(answer.error.message)) return answer;
    // A reply printed pretty (`json.dumps(reply, indent=2)`): the lines from the last one that
    // opens an object at its start, read as one JSON text (QA41).
    const open = lines.map((l) => l.trimEnd()).lastIndexOf('{');
    if (open >= 0 && parseBoundedJson(lines.slice(open).join('\n')).ok) {
      const pretty = interpretLine(where, lines.slice(open).join('\n'), ran.exitCode);
      return resultOfExit(where, pretty, ran.exitCode, ran.stderr, runtime.secrets);
    }
    return {
      ok: false,
      error: {
        ...answer.error,
        message: `${answer.error.message}${stderrTail(ran.stderr, runtime.secrets)}`,
      },
    };
  }

  return {
    transport: 'rpc',
    version: (signal) => single(['rpc', 'version'], {}, metadataTimeout, signal),
    listRubrics: (signal) => single(['rpc', 'listRubrics'], {}, metadataTimeout, signal),
    judge: (body, signal) => single(['rpc', 'judge'], body, judgeTimeout, signal),
    health: (signal) => single(['rpc', 'version'], {}, metadataTimeout, signal),
    async judgeBatch(bodies, signal) {
      const where = 'agent-eval rpc-batch judge (stdio)';
      const stdin = bodies.map((body) => `${JSON.stringify(body)}\n`).join('');
      const ran = await run(['rpc-batch', 'judge'], stdin, judgeTimeout * Math.max(1, bodies.length), signal);
      if (!ran.ok) return bodies.map(() => ({ ok: false, error: ran.error }));
      const lines = nonEmptyLines(ran.stdout);
      if (lines.length !== bodies.length) {
        const error: StepError = {
          kind: 'contract_violation',
          message: `${where}: ${lines.length} answer lines for ${bodies.length} requests`,
          retryable: false,
        };
        return bodies.map(() => ({ ok: false, error }));
      }
      const cut = endsUnfinished(ran.stdout);
      const answers = lines.map((line, index) =>
        interpretLine(`${where} line ${index + 1}`, line, 0, cut && index === lines.length - 1),
      );
      // rpc-batch exits 1 when any line errored (§3.3); a non-zero exit with no error line says
      // the process failed after writing them: none of its results is used.
      if (answers.some((answer) => !answer.ok)) return answers;
      return answers.map((answer) => resultOfExit(where, answer, ran.exitCode, ran.stderr, runtime.secrets));
    },
    async close() {
      controller.abort();
    },
  };
}

/**
 * A `{"result":…}` from a process that exited non-zero is no result: the seed's stdio RPC exits
 * "non-zero on error" (agent-eval.md §3.3: 0 / 1), so a judge that printed a verdict and then
 * failed (a crash while flushing, `sys.exit(1)` after a caught exception) is a `judge_error`,
 * retried as one, never a score (QA159: its verdict was taken and cached).
 */
function resultOfExit(
  where: string,
  answer: WireCall,
  exitCode: number | null,
  stderr: string,
  secrets: readonly string[] | undefined,
): WireCall {
  if (!answer.ok || exitCode === 0) return answer;
  const status = exitCode === null ? 'a signal' : `status ${exitCode}`;
  return {
    ok: false,
    error: {
      kind: 'judge_error',
      message: `${where}: exited with ${status} after printing a result; a non-zero exit is an error in the agent-eval wire protocol, so the result is not used${stderrTail(stderr, secrets)}`,
      retryable: true,
    },
  };
}

/** One `{"result":…}` / `{"error":…}` line. */
export function interpretLine(
  where: string,
  line: string,
  exitCode: number | null,
  unfinished = false,
): WireCall {
  const bounded = parseBoundedJson(line);
  const parsed: unknown = bounded.ok ? bounded.value : undefined;
  if (!bounded.ok) {
    const kind = exitCode === 0 ? 'invalid_json' : 'process_crashed';
    return {
      ok: false,
      error: {
        kind,
        message: `${where}: last output line is not JSON (exit ${exitCode})${pythonReprHint(line)}: ${JSON.stringify(excerpt(line, unfinished))}`,
        retryable: false,
      },
    };
  }
  const envelope = parseWireError(parsed);
  if (envelope) return { ok: false, error: mapWireError(where, envelope) };
  if (typeof parsed === 'object' && parsed !== null && 'result' in parsed) {
    return { ok: true, result: (parsed as { result: unknown }).result };
  }
  return {
    ok: false,
    error: {
      kind: 'contract_violation',
      message: `${where}: reply has neither "result" nor "error"`,
      retryable: false,
    },
  };
}

function noOutput(
  where: string,
  exitCode: number | null,
  stderr: string,
  secrets: readonly string[] | undefined,
): StepError {
  return {
    kind: 'process_crashed',
    message: `${where}: no output (exit ${exitCode})${stderrTail(stderr, secrets)}`,
    retryable: false,
  };
}

/**
 * The line as quoted in a message: at most 120 characters; one the process stopped writing (no end
 * of line: a crash mid-write) ends in a `…` where it stopped, so a secret it stopped in is masked as
 * a cut one is (QA190: '"key sk-live-0123456789ab"' stood in the open, 930f919's case for mae).
 */
function excerpt(line: string, unfinished: boolean): string {
  const text = line.trim();
  return unfinished ? quoteUnfinished(text, 120) : quoteCut(text, 120);
}

/** True when `stdout` stops inside its last line (written, never ended with a newline). */
function endsUnfinished(stdout: string): boolean {
  return stdout.trim() !== '' && !/\n\s*$/.test(stdout.replace(/[ \t]+$/, ''));
}

/**
 * The output's lines that hold something, a byte order mark at a line's start dropped (RFC 8259
 * §8.1: a parser may ignore one), as a reply over HTTP or a mae stdio agent's line has it dropped:
 * .NET's `Console.OutputEncoding = Encoding.UTF8` and Python's `utf-8-sig` write one, and its reply
 * line read 'last output line is not JSON' quoting what looked like JSON (QA293). One is written
 * where the encoding is set, after a log line too (`sys.stdout.reconfigure(encoding='utf-8-sig')`
 * once the model is loaded puts it at the reply line's start, QA301).
 */
function nonEmptyLines(text: string): string[] {
  const lines = text.split('\n').map((line) => (line.startsWith('\uFEFF') ? line.slice(1) : line));
  return lines.filter((line) => line.trim().length > 0);
}
