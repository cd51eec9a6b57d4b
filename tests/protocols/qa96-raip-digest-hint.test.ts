/**
 * RAIP R1: an agent that reports its own schema digest must report sha256 over the RFC 8785
 * (JCS) form of its inputSchema, or negotiation fails. A Python agent hashing
 * `json.dumps(schema, sort_keys=True)` — the natural first try — failed the whole run with
 * "agent reports schema digest X but its inputSchema hashes to Y" and no word on why (QA96).
 * The message now names the form the agent hashed when it is one of the common ones, and
 * otherwise says what the digest is computed over. Against a real python3 http.server agent.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import { usePythonPortScript } from '../fixtures/python-port-script.js';

const server = usePythonPortScript(
  join(dirname(fileURLToPath(import.meta.url)), '../fixtures/qa96-raip-digest-agent.py'),
);
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function discover(form: string) {
  const transport = new HttpTransport({ timeoutMs: 5_000, retries: 0 });
  const adapter = createRaipAdapter({ protocol: 'raip', url: `${server.base}/${form}` }, { transport });
  closers.push(() => adapter.close());
  return adapter.discover(new AbortController().signal);
}

describe('RAIP reported schema digest that is not over RFC 8785 (QA96)', () => {
  it('accepts the JCS digest', async () => {
    expect((await discover('jcs')).ok).toBe(true);
  });

  it.each([
    ['sortkeys', "Python's json.dumps(schema, sort_keys=True)"],
    ['compact', 'json.dumps(schema, sort_keys=True, separators=(",", ":"))'],
    ['unsorted', 'keys in the order the schema lists them'],
  ])('names the form a %s digest was computed over', async (form, named) => {
    const outcome = await discover(form);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.kind).toBe('contract_violation');
    expect(outcome.error.message).toMatch(
      /^agent reports schema digest sha256:[0-9a-f]{64} but its inputSchema hashes to sha256:[0-9a-f]{64}/,
    );
    expect(outcome.error.message).toContain(named);
    expect(outcome.error.message).toContain('RFC 8785');
  });

  it('says what the digest is computed over when the form is not recognised', async () => {
    const outcome = await discover('other');
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.message).toContain(
      'the digest is sha256 over the RFC 8785 (JCS) canonical JSON of inputSchema',
    );
    // the spellings QA143 (8d86889) accepts, not hex alone (QA152)
    expect(outcome.error.message).toContain(
      'hex, optionally prefixed sha256: or sha-256:, or base64 after sha256- or SHA-256=',
    );
  });
});
