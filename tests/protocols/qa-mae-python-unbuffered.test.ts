/**
 * Regression (QA): the persistent (seed) local transport starts the agent with
 * `PYTHONUNBUFFERED=1` unless the environment already sets it, so a Python agent written like the
 * seed's example but without `sys.stdout.flush()` answers instead of timing out (its stdout is a
 * block-buffered pipe). Real subprocess (tests/fixtures/mae-stdio-agent.mjs, task `env:NAME`
 * answers that variable's value).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { finalAnswer, maeContext, makeMaeAdapter, STDIO_AGENT_COMMAND } from '../fixtures/mae-harness.js';

let saved: string | undefined;
beforeEach(() => {
  saved = process.env.PYTHONUNBUFFERED;
  delete process.env.PYTHONUNBUFFERED;
});
afterEach(() => {
  if (saved === undefined) delete process.env.PYTHONUNBUFFERED;
  else process.env.PYTHONUNBUFFERED = saved;
});

async function askEnv(runtimeEnv?: Record<string, string>): Promise<string | null> {
  const adapter = makeMaeAdapter(
    { transport: 'local', command: STDIO_AGENT_COMMAND, profile: 'seed' },
    runtimeEnv === undefined ? {} : { env: runtimeEnv },
  );
  try {
    return finalAnswer(await adapter.invoke('env:PYTHONUNBUFFERED', maeContext()));
  } finally {
    await adapter.close();
  }
}

describe('mae persistent local agent environment', () => {
  it('sets PYTHONUNBUFFERED=1 when nothing sets it', async () => {
    expect(await askEnv()).toBe('1');
  });

  it("keeps the parent's or the plan's own value", async () => {
    process.env.PYTHONUNBUFFERED = 'parent';
    expect(await askEnv()).toBe('parent');
    delete process.env.PYTHONUNBUFFERED;
    expect(await askEnv({ PYTHONUNBUFFERED: 'plan' })).toBe('plan');
  });
});
