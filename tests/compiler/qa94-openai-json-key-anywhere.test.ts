/**
 * QA94 (review of 6911336): an openai output that may see the whole reply — hence `json` — is keyed
 * apart from the extraction an earlier evalc cached, but only a leading `@` / `*` / `fn(@` counted:
 * over an a7461cf cache `join(',', keys(@))` kept 'choices,usage,content,finish_reason' with zero
 * agent calls while a fresh run read '…,json'. Any `@` or `*` outside a string literal counts now;
 * `content`, `choices[0].message.content` and an `@` inside a literal keep the earlier key.
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

async function outputDigestOf(answer: string): Promise<string> {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: k, version: 1.0.0 }
agents:
  m: { protocol: openai, url: "http://127.0.0.1:7931/v1", model: m1 }
tasks:
  t:
    bindings:
      default:
        input: { messages: [ { role: user, content: "{{q}}" } ] }
        output: { answer: ${JSON.stringify(answer)} }
    datasets:
      d: { examples: [ { id: e1, vars: { q: Paris }, expected: { answer: Paris } } ] }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
`,
  });
  dirs.push(dir);
  const group = (await compileDir(dir)).resolved.groups[0];
  if (!group) throw new Error('no group');
  return group.outputDigest;
}

const earlier = (answer: string) => digestOf({ output: { answer }, library: JMESPATH_LIBRARY });

describe("an openai agent's extract key, for an @ or * anywhere", () => {
  it('differs from the earlier one when @ or * is not leading', async () => {
    for (const answer of ["join(',', keys(@))", '[content, @][1]', 'not_null(finish_reason, @)', 'length(*)'])
      expect(await outputDigestOf(answer), answer).not.toBe(earlier(answer));
  });

  it('stays the earlier one with no @ or * outside a literal', async () => {
    for (const answer of [
      'content',
      'choices[0].message.content',
      "join('@', [content])",
      'contains(content, `"*"`)',
    ])
      expect(await outputDigestOf(answer), answer).toBe(earlier(answer));
  });
});
