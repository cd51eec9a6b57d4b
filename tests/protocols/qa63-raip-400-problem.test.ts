/**
 * Regression (QA63): a RAIP agent's 400 without `ajvErrors[]` says why in its own words. An
 * aiohttp or FastAPI agent answering an RFC 9457 `application/problem+json` 400 (`detail: "q must
 * name a course code"`) gave `agent rejected the input (400, 0 ajv error(s))` and nothing else:
 * only a `{"error": "…"}` body was quoted. Real python3 stdlib server.
 */
import { describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import { useOneConnectionServer } from '../fixtures/qa63-python-server.js';
import { testContext } from './conformance.js';

const server = useOneConnectionServer();

describe('RAIP 400 without ajvErrors (QA63)', () => {
  it("quotes a problem+json reply's detail", async () => {
    const adapter = createRaipAdapter(
      { protocol: 'raip', url: `${server.base}/problem` },
      { transport: new HttpTransport({ timeoutMs: 3_000, retries: 0 }) },
    );
    try {
      const outcome = await adapter.invoke({ q: 'intro ML' }, testContext(new AbortController().signal));
      expect(outcome.ok ? undefined : outcome.error).toMatchObject({
        kind: 'contract_error',
        message: 'agent rejected the input (400, 0 ajv error(s)): q must name a course code',
        details: { source: 'agent', ajvErrors: [] },
      });
    } finally {
      await adapter.close();
    }
  });
});
