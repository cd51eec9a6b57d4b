/**
 * QA52: a RAIP agent's `/info` inputSchema is foreign input, and Ajv ran its `pattern` and
 * `patternProperties` on V8's backtracking engine: `^(a+)+$` against 25 `a`s and a `b` took
 * 1.5 s of evalc's CPU per check (12 s for 29 characters in QA50), before each /invoke,
 * blocking the whole run. Risky patterns now run on RE2 (linear time) with the same verdicts;
 * a risky one RE2 cannot run (a lookaround) turns the local check off, with a warning.
 * Real loopback agent (tests/fixtures/raip-agent.ts); a regex call cannot be interrupted, so
 * each check is timed: the old code fails these by taking seconds, not by a timeout.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import { type RaipAgent, startRaipAgent } from '../fixtures/raip-agent.js';

// About 1.5 s on V8's engine here (each further `a` doubles it); microseconds on RE2.
const EVIL = `${'a'.repeat(25)}b`;
let agent: RaipAgent | undefined;
let transport: HttpTransport | undefined;

afterEach(async () => {
  await transport?.close();
  await agent?.close();
  agent = undefined;
  transport = undefined;
});

async function discoverSchema(inputSchema: unknown) {
  agent = await startRaipAgent({ inputSchema });
  transport = new HttpTransport({ retries: 0 });
  const adapter = createRaipAdapter({ protocol: 'raip', url: agent.url }, { transport });
  const outcome = await adapter.discover(AbortSignal.timeout(5_000));
  if (!outcome.ok) throw new Error(`${outcome.error.kind}: ${outcome.error.message}`);
  return { adapter, warnings: outcome.discovery.warnings };
}

function timed<T>(fn: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = fn();
  return { value, ms: performance.now() - start };
}

describe('RAIP input patterns that backtrack exponentially (ReDoS)', () => {
  it('checks a nested-quantifier pattern in linear time, with the verdicts ECMAScript gives', async () => {
    const { adapter, warnings } = await discoverSchema({
      type: 'object',
      properties: { q: { type: 'string', pattern: '^(a+)+$' }, s: { type: 'string', pattern: '^(\\s*x)+$' } },
    });
    expect(warnings).toBeUndefined();
    const evil = timed(() => adapter.validateInput({ q: EVIL }));
    expect(evil.value.ok).toBe(false);
    expect(evil.value.ok ? [] : evil.value.errors.map((e) => [e.instancePath, e.keyword])).toEqual([
      ['/q', 'pattern'],
    ]);
    expect(evil.ms).toBeLessThan(500);
    expect(adapter.validateInput({ q: 'aaaa' }).ok).toBe(true);
    // \s keeps ECMAScript's meaning (RE2's own is ASCII only): a no-break space is a space.
    expect(adapter.validateInput({ s: '\u00a0x x' }).ok).toBe(true);
    expect(adapter.validateInput({ s: 'x\u00a0' }).ok).toBe(false);
  }, 5_000);

  it('matches patternProperties keys in linear time', async () => {
    const { adapter } = await discoverSchema({
      type: 'object',
      patternProperties: { '^(a+)+$': { type: 'integer' } },
      additionalProperties: false,
    });
    // Two more characters: V8 tries a key faster than a value (seconds here at this length).
    const evil = timed(() => adapter.validateInput({ [`aa${EVIL}`]: 1 }));
    expect(evil.value.ok).toBe(false);
    expect(evil.ms).toBeLessThan(500);
    expect(adapter.validateInput({ aaa: 1 }).ok).toBe(true);
    expect(adapter.validateInput({ aaa: 'x' }).ok).toBe(false);
  }, 5_000);

  it('does not check locally, with a warning, a risky pattern RE2 cannot run', async () => {
    const { adapter, warnings } = await discoverSchema({
      type: 'object',
      properties: { q: { type: 'string', pattern: '^(?=a)(a+)+$' }, n: { type: 'integer' } },
    });
    expect(warnings).toEqual([
      'inputSchema pattern "^(?=a)(a+)+$" could take exponential time and RE2 cannot run it: inputs are not checked before sending (the agent still validates them)',
    ]);
    const evil = timed(() => adapter.validateInput({ q: EVIL }));
    expect(evil.value.ok).toBe(true);
    expect(evil.ms).toBeLessThan(500);
  }, 5_000);

  it('keeps V8 for an ordinary pattern, lookarounds included', async () => {
    const { adapter, warnings } = await discoverSchema({
      type: 'object',
      properties: { q: { type: 'string', pattern: '^(?!x)[a-z]+@[a-z]+\\.[a-z]{2,}$' } },
    });
    expect(warnings).toBeUndefined();
    expect(adapter.validateInput({ q: 'me@example.com' }).ok).toBe(true);
    expect(adapter.validateInput({ q: 'xme@example.com' }).ok).toBe(false);
  });
});
