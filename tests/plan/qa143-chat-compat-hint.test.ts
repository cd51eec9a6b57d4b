/**
 * QA143: shared/protocols/chat.md names the chat adapter's null-emission modes `compat: strict`
 * (explicit nulls, as the platform sends) and `compat: clean` (nulls omitted). evalc has them as
 * its history profiles, and `compat: strict` on a chat agent was refused as "unknown key
 * `compat`" with no hint of what to write. The hint now names the profile that does it.
 */
import { describe, expect, it } from 'vitest';
import { validatePlanSchema } from '../../src/plan/validate-schema.js';

const planWith = (agent: Record<string, unknown>) => ({
  evalc: 1,
  benchmark: { id: 'b' },
  agents: { a2: { url: 'http://127.0.0.1:7102/agent/respond', ...agent } },
  tasks: {},
});

const hintsOf = (raw: unknown) =>
  validatePlanSchema(raw, () => undefined)
    .diagnostics.filter((d) => d.code === 'EVALC_SCHEMA_UNKNOWN_KEY')
    .map((d) => [d.message, d.hint]);

describe('compat on a chat agent (QA143)', () => {
  it('strict points at profile: platform', () => {
    const [hint] = hintsOf(planWith({ protocol: 'chat', compat: 'strict' }));
    expect(hint?.[0]).toBe('unknown key `compat` in agents.a2');
    expect(hint?.[1]).toMatch(/profile: platform/);
    expect(hint?.[1]).toMatch(/explicit nulls/);
  });

  it('clean points at profile: seed, the default', () => {
    const [hint] = hintsOf(planWith({ protocol: 'chat', compat: 'clean' }));
    expect(hint?.[1]).toMatch(/profile: seed/);
  });

  it('another protocol gets no such hint', () => {
    const [hint] = hintsOf(planWith({ protocol: 'raip', compat: 'strict' }));
    expect(hint?.[1] ?? '').not.toMatch(/profile/);
  });
});
