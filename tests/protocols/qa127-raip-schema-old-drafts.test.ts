/**
 * Regression (QA127, review of 2937220): a RAIP inputSchema declaring draft-04 (an older
 * pydantic/jsonschema agent, or a hand-written schema) is read as draft-07, its closest: a tuple
 * `items: [...]` compiled as 2020-12 failed discovery; and one that still does not compile (`id`,
 * a boolean `exclusiveMaximum`) names its draft: Ajv's raw words (`NOT SUPPORTED: keyword "id",
 * use "$id" for schema ID`) did not. A `$schema` evalc does not know is named the same way when
 * its schema fails to compile as 2020-12. Real loopback RAIP agent.
 * QA134 (review of 05c9796): a draft-04 schema's id and boolean exclusiveMinimum/exclusiveMaximum
 * (and draft-03's boolean required, divisibleBy) are now read in draft-06's words, not refused:
 * the two cases that expected the refusal expect the reading (intended).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import { compileInputSchema } from '../../src/protocols/raip/input-schema.js';
import { startRaipAgent } from '../fixtures/raip-agent.js';

const DRAFT_04 = 'http://json-schema.org/draft-04/schema#';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function discover(inputSchema: unknown): Promise<string> {
  const agent = await startRaipAgent({ inputSchema });
  const adapter = createRaipAdapter(
    { protocol: 'raip', url: agent.url },
    { transport: new HttpTransport({ timeoutMs: 3_000, retries: 0 }) },
  );
  cleanups.push(
    () => agent.close(),
    () => adapter.close(),
  );
  const outcome = await adapter.discover(new AbortController().signal);
  return outcome.ok ? 'ok' : outcome.error.message;
}

describe('RAIP input schemas of an old or unknown draft (QA127)', () => {
  it('a draft-04 schema using id is read, its id as $id (QA134)', async () => {
    // QA127 made it fail discovery naming draft-04 (Ajv: NOT SUPPORTED: keyword "id"); every
    // draft-04 schema may carry one, so it is read as draft-06's $id (review of 05c9796, QA134).
    const message = await discover({
      $schema: DRAFT_04,
      id: 'https://agents.example/in.json',
      type: 'object',
      properties: { id: { type: 'string' }, item: { $ref: '#item' } },
      required: ['id'],
      definitions: { item: { id: '#item', type: 'string' } },
    });
    expect(message).toBe('ok');
  });

  it("a draft-04 schema's boolean exclusiveMinimum/exclusiveMaximum bound as draft-04 says (QA134)", () => {
    const compiled = compileInputSchema({
      $schema: DRAFT_04,
      type: 'object',
      properties: {
        n: { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 5, exclusiveMaximum: false },
        m: { type: 'number', maximum: 5, exclusiveMaximum: true },
      },
    });
    if (!compiled.ok) throw new Error(compiled.reason);
    const paths = (input: unknown): string[] => {
      const checked = compiled.compiled.validate(input);
      return checked.ok ? [] : checked.errors.map((e) => `${e.instancePath} ${e.keyword}`);
    };
    expect(paths({ n: 0.5, m: 4.9 })).toEqual([]);
    expect(paths({ n: 5 })).toEqual([]);
    expect(paths({ n: 0, m: 5 })).toEqual(['/n exclusiveMinimum', '/m exclusiveMaximum']);
    expect(paths({ n: 5.5 })).toEqual(['/n maximum']);
  });

  it("a draft-03 schema's boolean required and divisibleBy are read (QA134)", () => {
    const compiled = compileInputSchema({
      $schema: 'http://json-schema.org/draft-03/schema#',
      type: 'object',
      properties: {
        q: { type: 'string', required: true },
        k: { type: 'integer', required: false, divisibleBy: 2 },
      },
    });
    if (!compiled.ok) throw new Error(compiled.reason);
    const keywords = (input: unknown): string[] => {
      const checked = compiled.compiled.validate(input);
      return checked.ok ? [] : checked.errors.map((e) => e.keyword);
    };
    expect(keywords({ q: 'a', k: 4 })).toEqual([]);
    expect(keywords({ k: 3 })).toEqual(['required', 'multipleOf']);
  });

  it("a draft-03 schema's type any accepts any value (QA134)", () => {
    const compiled = compileInputSchema({
      $schema: 'http://json-schema.org/draft-03/schema#',
      type: 'object',
      properties: { a: { type: 'any' }, b: { type: ['string', 'any'] } },
    });
    if (!compiled.ok) throw new Error(compiled.reason);
    expect(compiled.compiled.validate({ a: 1, b: [true] }).ok).toBe(true);
    expect(compiled.compiled.validate([]).ok).toBe(false);
  });

  it('a draft-04 schema that still fails to compile names draft-04', () => {
    const compiled = compileInputSchema({
      $schema: DRAFT_04,
      type: 'object',
      properties: { q: { $ref: '#/definitions/Missing' } },
    });
    expect(compiled.ok ? 'ok' : compiled.reason).toMatch(
      /can't resolve reference.*declares JSON Schema draft-04, which evalc reads as draft-07.*draft-06 or later\)$/,
    );
  });

  it("a draft-04 schema's tuple items is read as draft-07 reads it", async () => {
    const schema = {
      $schema: DRAFT_04,
      type: 'object',
      properties: { query: { type: 'string' }, range: { type: 'array', items: [{ type: 'integer' }] } },
      required: ['query'],
    };
    expect(await discover(schema)).toBe('ok');
    const compiled = compileInputSchema(schema);
    if (!compiled.ok) throw new Error(compiled.reason);
    const misfit = compiled.compiled.validate({ query: 'x', range: ['one'] });
    expect(misfit.ok ? [] : misfit.errors.map((e) => e.instancePath)).toEqual(['/range/0']);
  });

  it('an unknown $schema that fails as 2020-12 is named', () => {
    const compiled = compileInputSchema({
      $schema: 'https://agents.example/meta/v1',
      type: 'array',
      items: [{ type: 'integer' }],
    });
    expect(compiled.ok ? 'ok' : compiled.reason).toMatch(
      /"https:\/\/agents\.example\/meta\/v1" is no draft evalc knows, so it was read as 2020-12/,
    );
    // It lists draft-04 and draft-03 among the drafts evalc reads (QA134: they are read since).
    expect(compiled.ok ? 'ok' : compiled.reason).toMatch(
      /draft-06 and, rewritten in draft-06's words, draft-04 and draft-03\)$/,
    );
  });

  it('a draft-07 or 2020-12 schema that fails to compile gets no draft note', () => {
    for (const $schema of [
      'http://json-schema.org/draft-07/schema#',
      'https://json-schema.org/draft/2020-12/schema',
    ]) {
      const compiled = compileInputSchema({ $schema, type: 'no-such-type' });
      expect(compiled.ok ? 'ok' : compiled.reason).not.toMatch(/draft evalc knows|reads as draft-07/);
    }
  });
});

describe('a schema with no $schema that fails as 2020-12 on a tuple items array (QA127)', () => {
  it('says it was read as 2020-12 and how to declare draft-07', () => {
    const compiled = compileInputSchema({ type: 'array', items: [{ type: 'integer' }] });
    expect(compiled.ok ? 'ok' : compiled.reason).toMatch(
      /items value must be .*declares no \$schema, so it was read as JSON Schema 2020-12.*\$schema: http:\/\/json-schema\.org\/draft-07\/schema#\)$/,
    );
    const other = compileInputSchema({ type: 'no-such-type' });
    expect(other.ok ? 'ok' : other.reason).not.toContain('$schema');
  });
});

describe("a schema with no $schema in draft-04's words (QA134)", () => {
  it("a boolean exclusiveMinimum (zod's openapi-3.0 output) says to declare draft-04, which reads it", () => {
    const openapi = {
      type: 'object',
      properties: { n: { nullable: true, type: 'number', minimum: 0, exclusiveMinimum: true } },
      required: ['n'],
    };
    const compiled = compileInputSchema(openapi);
    expect(compiled.ok ? 'ok' : compiled.reason).toMatch(
      /exclusiveMinimum value must be .*declares no \$schema.*draft-04's form.*\$schema: http:\/\/json-schema\.org\/draft-04\/schema#\)$/,
    );
    const declared = compileInputSchema({ $schema: DRAFT_04, ...openapi });
    if (!declared.ok) throw new Error(declared.reason);
    expect([{ n: null }, { n: 1 }, { n: 0 }].map((input) => declared.compiled.validate(input).ok)).toEqual([
      true,
      true,
      false,
    ]);
  });
});
