/**
 * QA24: an agent-eval judge server written in Python (stdlib fixture
 * tests/fixtures/qa24-python-agent.py, python3 from PATH).
 *
 * - Its RFC 8785 rubricVersion, computed in Python, matches evalc's for a rubric with non-ASCII
 *   text (a cross-language check of the hash the lock pins).
 * - Hashed with `json.dumps(sort_keys=True)` instead, the tag differs and is refused (A11), and
 *   the message now names that usual cause instead of only "the server judged a different rubric".
 * - A NaN score (json.dumps writes `NaN`, evalc reads null) was refused as "expected number,
 *   received null"; the message now says where that null came from.
 * - `None` for a field evalc can do without (wins, failureModes, model, durationMs; the
 *   version's apiSurface) refused the whole verdict although the reply without those keys was
 *   accepted; null now reads as absent. A null rationale is still refused. (The fixture's
 *   /v1/version answers `apiSurface: None`, so every test here also covers that field.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';
import type { JudgeOutcome } from '../../src/protocols/judge-types.js';
import { computeRubricVersion } from '../../src/protocols/rubrics/rubric-version.js';
import { toWireRubric } from '../../src/protocols/rubrics/wire-rubric.js';
import { type PythonAgent, startPythonAgent } from '../fixtures/qa24-python-process.js';

const RUBRIC = {
  description: 'Réponse utile — café ☕',
  dimensions: [
    { id: 'relevance', description: 'Répond à la question', weight: 0.5 },
    { id: 'accuracy', description: 'Faits exacts', weight: 0.3 },
    { id: 'structure', description: 'Clair', weight: 0.2 },
  ],
  failureModes: ['hors-sujet'],
};

let server: PythonAgent;
beforeAll(async () => {
  server = await startPythonAgent('judge');
});
afterAll(async () => {
  await server?.stop();
});

async function judgeContent(content: string): Promise<JudgeOutcome> {
  const judge = createAgentEvalJudge(
    { protocol: 'agent-eval', url: `http://127.0.0.1:${server.port}`, rubric: 'avis' },
    { cwd: process.cwd(), rubrics: { avis: RUBRIC } },
  );
  try {
    return await judge.judge({ content, rubric: { name: 'avis' } }, AbortSignal.timeout(20_000));
  } finally {
    await judge.close();
  }
}

describe('agent-eval judge written in Python', () => {
  it("accepts a Python RFC 8785 rubricVersion of a non-ASCII rubric: it is evalc's own", async () => {
    const outcome = await judgeContent('good answer');
    if (!outcome.ok) throw new Error(`${outcome.error.kind}: ${outcome.error.message}`);
    expect(outcome.verdict.rubricVersion).toBe(computeRubricVersion(toWireRubric('avis', RUBRIC)));
    expect(outcome.verdict.score).toBe(0.5);
  });

  it('refuses a json.dumps(sort_keys=True) hash, naming RFC 8785 and the \\uXXXX escapes', async () => {
    const outcome = await judgeContent('py-hash answer');
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.kind).toBe('contract_violation');
    expect(outcome.error.message).toContain(
      'the server judged a different rubric: rubricVersion avis@sha256-rfc8785:',
    );
    expect(outcome.error.message).toContain('its canonical JSON is not RFC 8785');
    expect(outcome.error.message).toContain('\\uXXXX');
  });

  it('says a null score is how a Python NaN arrives', async () => {
    const outcome = await judgeContent('nan answer');
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.kind).toBe('judge_error');
    expect(outcome.error.message).toMatch(
      /^agent-eval judge \(http\) judge: malformed judge result \(composite: /,
    );
    expect(outcome.error.message).toContain('a null score is what evalc reads for NaN or Infinity');
  });

  it('reads None for wins, failureModes, model and durationMs as absent and keeps the verdict', async () => {
    const outcome = await judgeContent('none-fields answer');
    if (!outcome.ok) throw new Error(`${outcome.error.kind}: ${outcome.error.message}`);
    expect(outcome.verdict.score).toBe(0.5);
    expect(outcome.verdict.wins).toEqual([]);
    expect(outcome.verdict.failureModes).toEqual([]);
    expect(outcome.verdict.model).toBeUndefined();
    expect('model' in outcome.verdict).toBe(false);
  });

  it('still refuses a null rationale', async () => {
    const outcome = await judgeContent('none-rationale answer');
    expect(outcome.ok ? 'ok' : outcome.error.kind).toBe('judge_error');
    expect(outcome.ok ? '' : outcome.error.message).toContain(
      'rationale: Invalid input: expected string, received null',
    );
  });
});
