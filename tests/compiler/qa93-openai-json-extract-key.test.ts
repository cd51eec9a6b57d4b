/**
 * Regression (QA93 review of fd463b5): an `openai` agent's extraction reads `json` (the content
 * parsed) from fd463b5 on, but its extract key was the one an earlier evalc used, so an upgrade
 * kept the earlier extraction from the cache: a plan binding `json.answer`, applied by a7461cf
 * (every example `no value for answer (json.answer)`), re-applied after the upgrade with zero
 * agent calls and the same failures, mean 0 instead of the fresh run's scores (README: "invokes
 * cached by an earlier evalc have it too"). Outputs that may see `json` are keyed apart; the
 * others (`content`, `choices[0]…`) and other protocols keep the key an earlier evalc wrote, so
 * their caches and locks are reused byte for byte.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { JMESPATH_LIBRARY } from '../../src/binding/extract.js';
import { digestOf } from '../../src/compiler/content-key.js';
import { compileDir, writeFiles } from './plan-helpers.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function outputDigestOf(protocol: string, answer: string): Promise<string> {
  const yaml = `evalc: 1
benchmark: { id: k, version: 1.0.0 }
agents:
  m: { protocol: ${protocol}, url: "http://127.0.0.1:7931/v1"${protocol === 'openai' ? ', model: m1' : ''} }
tasks:
  t:
    bindings:
      default:
        input: ${protocol === 'openai' ? '{ messages: [ { role: user, content: "{{q}}" } ] }' : '{ q: "{{q}}" }'}
        output: { answer: ${JSON.stringify(answer)} }
    datasets:
      d: { examples: [ { id: e1, vars: { q: Paris }, expected: { answer: Paris } } ] }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
`;
  const dir = writeFiles({ 'evalc.yaml': yaml });
  dirs.push(dir);
  const compiled = await compileDir(dir);
  const group = compiled.resolved.groups[0];
  if (!group) throw new Error('no group');
  return group.outputDigest;
}

/** The output digest (hence extract key) evalc used before fd463b5. */
const earlier = (answer: string) => digestOf({ output: { answer }, library: JMESPATH_LIBRARY });

describe("an openai agent's extract key", () => {
  it('differs from the earlier one when an output may read json', async () => {
    for (const answer of ['json.answer', '@', 'to_string(@)', '*'])
      expect(await outputDigestOf('openai', answer), answer).not.toBe(earlier(answer));
  });

  it('stays the earlier one when no output can read json, and for other protocols', async () => {
    for (const answer of ['content', 'choices[0].message.content', 'content.answer'])
      expect(await outputDigestOf('openai', answer), answer).toBe(earlier(answer));
    expect(await outputDigestOf('raip', 'json.answer')).toBe(earlier('json.answer'));
  });
});
