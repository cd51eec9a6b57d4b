/**
 * shared/protocols/mae.md names MultiAgentEval's two request shapes `legacy` and `current`;
 * evalc calls them `seed` and `agentv`. A plan written from the notes works: the aliases load
 * as the same profile, with the same agent identity digest (so the same keys and lock).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const PLAN = (profile: string) => `evalc: 1
benchmark: { id: mae-aliases }
agents:
  a1: { protocol: mae, transport: local, command: "node agent.mjs"${profile ? `, profile: ${profile}` : ''} }
tasks:
  t:
    bindings:
      default:
        input: "{{q}}"
        output: { answer: "final_answer" }
    datasets:
      d:
        examples:
          - { id: x, vars: { q: "hi" }, expected: "hi" }
    metrics:
      - { type: exact_match }
`;

async function load(profile: string) {
  const dir = writeFiles({ 'evalc.yaml': PLAN(profile) });
  const result = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const agent = result.resolved?.plan.agents.a1;
  return {
    profile: agent?.protocol === 'mae' ? agent.profile : undefined,
    digest: result.resolved?.agentConfigDigests.a1,
  };
}

describe('mae profile names', () => {
  it('loads legacy as seed and current as agentv, with the same identity digests', async () => {
    const seed = await load('seed');
    const legacy = await load('legacy');
    const agentv = await load('agentv');
    const current = await load('current');
    const omitted = await load('');
    expect(seed.profile).toBe('seed');
    expect(legacy).toEqual(seed);
    expect(omitted).toEqual(seed);
    expect(agentv.profile).toBe('agentv');
    expect(current).toEqual(agentv);
    expect(agentv.digest).not.toBe(seed.digest);
  });

  it('still rejects an unknown profile name', async () => {
    const dir = writeFiles({ 'evalc.yaml': PLAN('modern') });
    const result = await loadPlan(path.join(dir, 'evalc.yaml'), {
      cwd: dir,
      offline: true,
      cacheDir: path.join(dir, 'c'),
    });
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]?.message).toMatch(/seed|agentv/);
  });
});
