/**
 * Regression (QA122): a RAIP agent's inputSchema is read in the draft its `$schema` declares.
 * zod-to-json-schema (the usual Node way to publish a schema) writes draft-07, and a `z.tuple`
 * as `items: [...]`: evalc compiled every schema as 2020-12, where that `items` is not a schema,
 * so discovery failed (`inputSchema does not compile: items value must be ["object","boolean"]`)
 * and nothing was run; draft-07's `dependencies` went unchecked. Real loopback RAIP agent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import { compileInputSchema } from '../../src/protocols/raip/input-schema.js';
import { startRaipAgent } from '../fixtures/raip-agent.js';

const DRAFT_07 = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    query: { type: 'string' },
    range: {
      type: 'array',
      minItems: 2,
      maxItems: 2,
      items: [{ type: 'integer' }, { type: 'integer' }],
    },
    level: { type: 'string' },
  },
  required: ['query'],
  dependencies: { level: ['range'] },
  additionalProperties: false,
};

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('RAIP input schemas in their declared draft (QA122)', () => {
  it("discovers a draft-07 agent whose schema has a tuple's items array", async () => {
    const agent = await startRaipAgent({ inputSchema: DRAFT_07 });
    const adapter = createRaipAdapter(
      { protocol: 'raip', url: agent.url },
      { transport: new HttpTransport({ timeoutMs: 3_000, retries: 0 }) },
    );
    cleanups.push(
      () => agent.close(),
      () => adapter.close(),
    );
    const outcome = await adapter.discover(new AbortController().signal);
    expect(outcome.ok ? 'ok' : outcome.error.message).toBe('ok');
  });

  it("checks draft-07's tuple items and dependencies before sending", () => {
    const compiled = compileInputSchema(DRAFT_07);
    expect(compiled.ok ? 'ok' : compiled.reason).toBe('ok');
    if (!compiled.ok) return;
    expect(compiled.compiled.validate({ query: 'x', range: [1, 2], level: 'intro' })).toEqual({ ok: true });
    const tuple = compiled.compiled.validate({ query: 'x', range: [1, 'two'] });
    expect(tuple.ok ? [] : tuple.errors.map((e) => `${e.instancePath} ${e.keyword}`)).toEqual([
      '/range/1 type',
    ]);
    const dependent = compiled.compiled.validate({ query: 'x', level: 'intro' });
    expect(dependent.ok ? [] : dependent.errors.map((e) => e.keyword)).toEqual(['dependencies']);
  });

  it('still reads a schema without $schema, or declaring 2020-12, as 2020-12', () => {
    for (const $schema of [undefined, 'https://json-schema.org/draft/2020-12/schema']) {
      const compiled = compileInputSchema({
        ...($schema === undefined ? {} : { $schema }),
        type: 'array',
        prefixItems: [{ type: 'integer' }],
      });
      if (!compiled.ok) throw new Error(compiled.reason);
      expect(compiled.compiled.validate(['one']).ok).toBe(false);
    }
  });

  it('reads a draft-06 and a 2019-09 schema', () => {
    const six = compileInputSchema({ ...DRAFT_07, $schema: 'http://json-schema.org/draft-06/schema#' });
    expect(six.ok ? 'ok' : six.reason).toBe('ok');
    const nineteen = compileInputSchema({
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      type: 'object',
      properties: { query: { type: 'string' } },
      unevaluatedProperties: false,
    });
    if (!nineteen.ok) throw new Error(nineteen.reason);
    expect(nineteen.compiled.validate({ query: 'x', extra: 1 }).ok).toBe(false);
  });
});
