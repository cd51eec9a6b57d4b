/**
 * `evalc diff` tests a non-pass/fail change with the paired sign-flip test: exact when every sign
 * pattern of the changed pairs fits the resamples (2ⁿ ≤ 1000: n ≤ 9), else a Monte Carlo estimate
 * over 1000 seeded patterns, whose p is at least 1/1001. Neither the text, the Markdown nor the
 * JSON said which (QA81): a reviewer read "p <0.001" with no way to tell an estimate at its floor
 * from an exact figure. JSON deltas now carry `pValueMethod` (`exact` | `monte_carlo`, additive,
 * in schemas/report.schema.json) and the text and Markdown mark a Monte Carlo p.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { sendJson, startLoopback } from '../fixtures/loopback.js';
import { REPO_ROOT, runCli, useAgent } from './apply-harness.js';

const WORDS = 'alpha beta gamma delta eps';
let variant: 'before' | 'after' = 'before';
// Before: every answer whole (f1 = 1). After: every example's answer cut to its first two words.
const ctx = useAgent(() =>
  startLoopback((_req, res, body) => {
    const q = String((JSON.parse(body) as { q?: unknown }).q);
    sendJson(res, 200, { answer: variant === 'before' ? WORDS : WORDS.split(' ').slice(0, 2).join(' '), q });
  }),
);

const examples = (prefix: string, n: number) =>
  Array.from(
    { length: n },
    (_, i) => `{ id: ${prefix}${i}, vars: { q: ${prefix}${i} }, expected: { answer: "${WORDS}" } }`,
  ).join(', ');

function writePlan(dir: string): void {
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: qa81-p, version: 1.0.0 }
agents:
  h: { protocol: http, url: "${ctx.agent.url}/run", response: "@", limits: { retries: 0 } }
tasks:
  many:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: answer } } }
    datasets: { d: { examples: [ ${examples('m', 12)} ] } }
    metrics: [ { type: f1, candidate: answer, expected: answer } ]
  few:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: answer } } }
    datasets: { d: { examples: [ ${examples('f', 5)} ] } }
    metrics: [ { type: f1, candidate: answer, expected: answer } ]
`,
  );
}

describe('evalc diff says how each p was computed', () => {
  it('exact for 5 changed pairs, Monte Carlo for 12 and 17, in JSON, text and Markdown', async () => {
    const dir = ctx.workspace('qa81-p-method');
    writePlan(dir);
    variant = 'before';
    expect((await runCli(['apply', '--quiet'], { cwd: dir })).code).toBe(0);
    copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'old.lock'));
    variant = 'after';
    const after = await runCli(['apply', '--quiet', '--refresh'], { cwd: dir });
    expect(after.code, after.stderr).toBe(0);

    const json = await runCli(['diff', 'old.lock', 'evalc.lock', '--format', 'json'], { cwd: dir });
    const diff = JSON.parse(json.stdout);
    const methods = Object.fromEntries(
      diff.aggregates.map((d: Record<string, unknown>) => [d.scope, [d.method, d.pValueMethod]]),
    );
    expect(methods).toEqual({
      benchmark: ['sign_flip', 'monte_carlo'],
      'task/many': ['sign_flip', 'monte_carlo'],
      'dataset/many/d': ['sign_flip', 'monte_carlo'],
      'task/few': ['sign_flip', 'exact'],
      'dataset/few/d': ['sign_flip', 'exact'],
    });
    // 5 pairs all one way: the exact two-sided p is 2/2⁵.
    const few = diff.aggregates.find((d: Record<string, unknown>) => d.scope === 'task/few');
    expect(few.pValue).toBe(2 / 32);
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema(JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas', 'report.schema.json'), 'utf8')));
    const validate = ajv.compile({ $ref: 'https://evalc.dev/schemas/report.schema.json#/$defs/diff' });
    expect(validate(diff), JSON.stringify(validate.errors)).toBe(true);

    const text = (await runCli(['diff', 'old.lock', 'evalc.lock'], { cwd: dir })).stdout;
    expect(text).toMatch(/^ {2}REGRESSION {2}benchmark .*\(sign_flip, Monte Carlo\)$/m);
    expect(text).toMatch(/^ {2}\S.* few .*\(sign_flip\)$/m);
    const md = (await runCli(['diff', 'old.lock', 'evalc.lock', '--format', 'md'], { cwd: dir })).stdout;
    expect(md).toMatch(/^\| 🔴 regression \| `benchmark` \| .* \| sign-flip \(Monte Carlo\) \|$/m);
    expect(md).toMatch(/^\| .* \| `few` \| .* \| sign-flip \|$/m);
  });
});
