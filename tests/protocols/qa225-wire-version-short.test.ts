/**
 * QA225: an agent-eval server answering /v1/version with `wireVersion: "1.0"` (a major-1 version
 * written short) was refused, "wire protocol 1.0 is not supported (evalc speaks wire 1.x)", a
 * contradiction. The seed shows "1.0.0" and says wireVersion bumps only on breaking changes, and
 * the Python client checks the major alone: "1.0" and "1" are wire 1 (their tags possibly legacy,
 * A3). A text that is no version says what form is expected; another major is refused as before.
 * Real loopback server (tests/fixtures/agent-eval-server.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';
import { type FakeAgentEvalServer, startAgentEvalServer } from '../fixtures/agent-eval-server.js';

const servers: FakeAgentEvalServer[] = [];
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function describeWire(wireVersion: string) {
  const server = await startAgentEvalServer({ wireVersion });
  servers.push(server);
  const judge = createAgentEvalJudge(
    { protocol: 'agent-eval', url: server.url },
    { cwd: process.cwd(), rubrics: {} },
  );
  closers.push(() => judge.close());
  return judge.describe(AbortSignal.timeout(20_000));
}

describe('agent-eval wireVersion written short (QA225)', () => {
  it('accepts a major-1 version written short, flagged as possibly legacy', async () => {
    for (const wire of ['1.0', '1']) {
      const described = await describeWire(wire);
      expect(described.ok ? described.info : described.error.message).toEqual({
        package: '@tangle-network/agent-eval',
        version: expect.any(String),
        wireVersion: wire,
        legacyRubricVersionScheme: true,
      });
    }
    const current = await describeWire('1.1');
    expect(current.ok ? current.info.legacyRubricVersionScheme : current.error.message).toBeUndefined();
  });

  it('refuses another major, and says what form a text that is no version should take', async () => {
    const two = await describeWire('2.0');
    expect(two.ok ? 'ok' : two.error.message).toContain(
      'wire protocol 2.0 is not supported (evalc speaks wire 1.x)',
    );
    for (const wire of ['v1.1.0', 'one', '']) {
      const described = await describeWire(wire);
      expect(described.ok ? 'ok' : described.error.kind).toBe('incompatible_version');
      expect(described.ok ? 'ok' : described.error.message).toContain(
        `wireVersion ${JSON.stringify(wire)} is not a version (expected MAJOR.MINOR.PATCH, e.g. 1.1.0; evalc speaks wire 1.x)`,
      );
    }
  });
});
