/**
 * QA295 (the case beside QA291's 598d0b20, for judges): Ctrl-C while an agent-eval judge's
 * `GET /v1/version` went unanswered (a hung server, a host with no route) ended 'interrupted before
 * the run: judge ae is not usable: GET …/v1/version: cancelled', of a judge that may only have been
 * slow: it is now 'judge ae: GET …/v1/version: cancelled'. Built CLI; the judge is a real hung server.
 */
import { beforeAll, expect, it } from 'vitest';
import { assertBuilt } from './apply-harness.js';
import { hungServerWorkspace, interruptApplyWhen } from './hung-request-interrupt.js';

beforeAll(() => assertBuilt());

it("Ctrl-C during a judge's version check does not call the judge unusable", async () => {
  // accepts GET /v1/version and never answers
  const { dir, server } = await hungServerWorkspace(
    'evalc-qa295-interrupt-judge-',
    (port) => `evalc: 1
benchmark: { id: b, version: 0.1.0 }
agents:
  a1: { protocol: http, url: "http://127.0.0.1:${port}/x" }
judges:
  ae: { protocol: agent-eval, url: "http://127.0.0.1:${port}", rubric: rb }
rubrics:
  rb: { dimensions: [{ id: relevance, description: "Answers the question", weight: 1 }] }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: answer } } }
    datasets: { d: { source: d.jsonl } }
    metrics: [{ type: judge, judge: ae, content: "{{candidate.a}}" }]
`,
  );
  const port = server.port;
  const result = await interruptApplyWhen(dir, server.asked, 'the judge to be asked for /v1/version');
  const { stderr } = result;
  expect(result.code, stderr).toBe(130);
  expect(stderr).toContain(
    `evalc: interrupted before the run: judge ae: GET http://127.0.0.1:${port}/v1/version: cancelled\n`,
  );
  expect(stderr).not.toContain('not usable');
}, 60_000);
