/**
 * The agent-eval seed document calls `rubricVersion` "the stable hash of the rubric used" without
 * saying which hash (its example: `anti-slop@a4f2b8c1`), so a judge written from it tags its own
 * way. Only a tag in today's `sha256-rfc8785` scheme can be checked (A11): any other form is
 * recorded unchecked with a warning, whatever wireVersion the server reports. QA20 found every
 * judge score of a seed-written judge failing `contract_violation` (`inline@1`, or `name@8hex`
 * from a wire 1.1.0 server).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';
import { type FakeAgentEvalServer, startAgentEvalServer } from '../fixtures/agent-eval-server.js';
import { COURSE_ADVICE } from '../fixtures/course-advice-rubric.js';

const servers: FakeAgentEvalServer[] = [];
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function judgeWithTag(rubricVersion: string, wireVersion = '1.1.0') {
  const server = await startAgentEvalServer({ wireVersion, tamper: { rubricVersion } });
  servers.push(server);
  const judge = createAgentEvalJudge(
    { protocol: 'agent-eval', url: server.url },
    { cwd: process.cwd(), rubrics: { 'course-advice': COURSE_ADVICE } },
  );
  closers.push(() => judge.close());
  return judge.judge(
    { content: 'relevance=1 accuracy=0.5 structure=0', rubric: { name: 'course-advice' } },
    AbortSignal.timeout(20_000),
  );
}

describe('rubricVersion tags of a judge written from the seed', () => {
  it.each([
    [
      'the seed example form from a wire 1.1.0 server',
      'course-advice@a4f2b8c1',
      '1.1.0',
      /legacy rubricVersion scheme/,
    ],
    ['a label of its own', 'inline@1', '1.1.0', /does not name rubric "course-advice"/],
    ['a label of its own from a wire 1.0.0 server', 'v1', '1.0.0', /does not name rubric "course-advice"/],
  ])('accepts %s, records the tag and warns', async (_label, tag, wire, warning) => {
    const judged = await judgeWithTag(tag, wire);
    expect(judged.ok).toBe(true);
    if (!judged.ok) return;
    expect(judged.verdict.rubricVersion).toBe(tag);
    expect(judged.verdict.score).toBeCloseTo(0.65, 12);
    expect(judged.verdict.warnings?.join('\n')).toMatch(warning);
  });

  it('still fails a sha256-rfc8785 tag that names another rubric or hashes to another value', async () => {
    const other = await judgeWithTag(`anti-slop@sha256-rfc8785:${'1'.repeat(64)}`);
    expect(other.ok ? 'ok' : other.error.kind).toBe('contract_violation');
    const differs = await judgeWithTag(`course-advice@sha256-rfc8785:${'0'.repeat(64)}`);
    expect(differs.ok ? 'ok' : differs.error.message).toMatch(/different rubric/);
  });
});
