/**
 * The error a RAIP agent's `/invoke` at `url` ends in, asked once (no retry) with `{ query: 'ML' }`,
 * or undefined when it answered: for tests of how a refusal (a 400 and its ajvErrors) is read.
 */
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import { testContext } from './conformance.js';

export async function raipRefusal(url: string) {
  const adapter = createRaipAdapter(
    { protocol: 'raip', url },
    { transport: new HttpTransport({ timeoutMs: 3_000, retries: 0 }) },
  );
  try {
    const outcome = await adapter.invoke({ query: 'ML' }, testContext(AbortSignal.timeout(5_000)));
    return outcome.ok ? undefined : outcome.error;
  } finally {
    await adapter.close();
  }
}
