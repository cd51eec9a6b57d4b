/**
 * QA82: a stdio agent-eval judge that crashed quoted the first 64 chunks of its stderr, and the
 * message then showed the tail of those: a Python 3.11 traceback written in many small writes
 * (its caret lines) lost its last line — the exception that says what failed — and the message
 * ended in `hexdigest() ^`. The message must end with the exception line.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';

const SCRIPT = fileURLToPath(new URL('../fixtures/qa82-chatty-stderr-judge.mjs', import.meta.url));

describe('a stdio judge that crashes with a traceback written piecewise (QA82)', () => {
  it("quotes the traceback's last line", async () => {
    const judge = createAgentEvalJudge(
      { protocol: 'agent-eval', command: `node ${SCRIPT}` },
      { cwd: process.cwd(), rubrics: {} },
    );
    const described = await judge.describe(AbortSignal.timeout(20_000));
    await judge.close?.();
    expect(described.ok).toBe(false);
    if (described.ok) return;
    expect(described.error.kind).toBe('process_crashed');
    expect(described.error.message).toMatch(/\^ NameError: name 'json' is not defined$/);
  }, 30_000);
});
