/**
 * QA24: a RAIP agent on FastAPI with pydantic v1 publishes `format: "path"`, `"ipvanyaddress"`,
 * `"time-delta"` in its inputSchema. Ajv ignores formats it does not define (strict: false), but
 * its default logger printed `unknown format "path" ignored in schema at path "#/properties/path"`
 * raw on evalc's stderr, twice per apply. They are now kept off the console and returned as a
 * discovery warning naming the formats. Real Python agent (tests/fixtures/qa24-python-agent.py).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import { compileInputSchema } from '../../src/protocols/raip/input-schema.js';
import { type PythonAgent, startPythonAgent } from '../fixtures/qa24-python-process.js';

let agent: PythonAgent;
beforeAll(async () => {
  agent = await startPythonAgent('http');
});
afterAll(async () => {
  await agent?.stop();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('RAIP inputSchema with formats Ajv does not define (pydantic v1)', () => {
  it('prints nothing and names the unchecked formats in the discovery', async () => {
    const printed = vi.spyOn(console, 'warn');
    const logged = vi.spyOn(console, 'log');
    const transport = new HttpTransport({ retries: 0 });
    const adapter = createRaipAdapter(
      { protocol: 'raip', url: `http://127.0.0.1:${agent.port}` },
      { transport },
    );
    try {
      const outcome = await adapter.discover(AbortSignal.timeout(10_000));
      if (!outcome.ok) throw new Error(`${outcome.error.kind}: ${outcome.error.message}`);
      expect(outcome.discovery.warnings).toEqual([
        'inputSchema names formats "ipvanyaddress", "path", "time-delta" that evalc does not know: not checked before sending',
      ]);
      expect(outcome.discovery.name).toBe('py-raip');
      // the formats it knows are still checked; the unknown ones accept any string
      expect(adapter.validateInput({ q: 'x', when: 'not a date' }).ok).toBe(false);
      expect(
        adapter.validateInput({ q: 'x', when: '2024-01-01T00:00:00Z', path: '/etc', ip: '::1' }).ok,
      ).toBe(true);
    } finally {
      await transport.close();
    }
    expect(printed).not.toHaveBeenCalled();
    expect(logged).not.toHaveBeenCalled();
  });

  it('has no warnings for a schema whose formats are all known', () => {
    const compiled = compileInputSchema({ type: 'string', format: 'uuid' });
    expect(compiled.ok && compiled.compiled.ignoredFormats).toEqual([]);
  });
});
