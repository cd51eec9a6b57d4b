/**
 * QA126: fields that `evalc validate` requires depending on another field were optional in the plan
 * JSON Schema, so an editor showed no error where validate refuses the plan: a `mae` agent's
 * `command:` (transport local), `url:` (http, the default, and sse), `address:` or `url:` (socket)
 * (EVALC_AGENT_CONFIG); an openai judge's `model:` and a judge's `url:` or `command:`
 * (EVALC_JUDGE_CONFIG); a gate's `min:`, `max:` or `regression:` (EVALC_GATE_EMPTY); a chat agent's
 * `profile:` that says the opposite of its `replayTools:` (EVALC_AGENT_CONFIG). The schema says each
 * now, and still accepts what validate accepts.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { validateCommand } from '../../src/cli/validate.js';
import { planJsonSchema } from '../../src/compiler/plan-json-schema.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { runCommand } from './run-cli.js';

const validate = new Ajv2020({ strict: true, allErrors: true }).compile(planJsonSchema());

interface Part {
  agent?: Record<string, unknown>;
  judge?: Record<string, unknown>;
  gate?: Record<string, unknown>;
}

function planWith({ agent, judge, gate }: Part): Record<string, unknown> {
  return {
    evalc: 1,
    benchmark: { id: 'b' },
    agents: { a1: agent ?? { protocol: 'raip', url: 'http://127.0.0.1:7101' } },
    ...(judge ? { judges: { j: judge } } : {}),
    tasks: {
      t: {
        bindings: { default: { input: '{{q}}', output: { answer: 'final_answer' } } },
        datasets: { d: { examples: [{ id: 'e1', vars: { q: 'a' }, expected: { answer: 'A' } }] } },
        metrics: [{ type: 'exact_match', candidate: 'answer', expected: 'answer' }],
      },
    },
    ...(gate ? { gates: [gate] } : {}),
  };
}

async function evalcValidate(plan: Record<string, unknown>): Promise<number> {
  const dir = tempFolder('qa126-required-');
  writeFileSync(path.join(dir, 'evalc.yaml'), stringify(plan));
  return (await runCommand(validateCommand, [], { cwd: dir })).code;
}

const mae = (rest: Record<string, unknown>) => ({ protocol: 'mae', ...rest });
const url = 'http://127.0.0.1:7101';

const GOOD: Record<string, Part> = {
  'mae http (default transport) with url': { agent: mae({ url }) },
  'mae sse with url': { agent: mae({ transport: 'sse', url }) },
  'mae local with command': { agent: mae({ transport: 'local', command: 'node a.mjs' }) },
  'mae socket with address': { agent: mae({ transport: 'socket', address: '127.0.0.1:9000' }) },
  'mae socket with url': { agent: mae({ transport: 'socket', url: 'tcp:127.0.0.1:9000' }) },
  'an openai judge with model and url': { judge: { protocol: 'openai', url, model: 'm' } },
  'an agent-eval judge over rpc': { judge: { protocol: 'agent-eval', command: 'agent-eval', rubric: 'r' } },
  'chat profile platform with replayTools true': {
    agent: { protocol: 'chat', url, profile: 'platform', replayTools: true },
  },
  'chat profile legacy with replayTools false': {
    agent: { protocol: 'chat', url, profile: 'legacy', replayTools: false },
  },
  'a gate with min': { gate: { metric: 'exact_match', min: 0.5 } },
  'a gate with max': { gate: { metric: 'exact_match', max: 0.5 } },
  'a regression gate': { gate: { metric: 'exact_match', regression: { max_drop: 0.1 } } },
};

const BAD: Record<string, Part> = {
  'mae http (default transport) without url': { agent: mae({}) },
  'mae http without url': { agent: mae({ transport: 'http', command: 'node a.mjs' }) },
  'mae sse without url': { agent: mae({ transport: 'sse' }) },
  'mae local without command': { agent: mae({ transport: 'local', url }) },
  'mae socket without address or url': { agent: mae({ transport: 'socket' }) },
  'an openai judge without model': { judge: { protocol: 'openai', url } },
  'a judge without url or command': { judge: { protocol: 'agent-eval', rubric: 'r' } },
  'chat profile seed with replayTools true': {
    agent: { protocol: 'chat', url, profile: 'seed', replayTools: true },
  },
  'chat profile current with replayTools false': {
    agent: { protocol: 'chat', url, profile: 'current', replayTools: false },
  },
  'a gate without a bound': { gate: { metric: 'exact_match' } },
};

describe('fields the plan JSON Schema requires as validate does (QA126)', () => {
  it('accepts what evalc validate accepts', async () => {
    for (const [what, part] of Object.entries(GOOD)) {
      const plan = planWith(part);
      expect(await evalcValidate(plan), what).toBe(0);
      expect(validate(plan), `${what}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('refuses what evalc validate refuses', async () => {
    for (const [what, part] of Object.entries(BAD)) {
      const plan = planWith(part);
      expect(await evalcValidate(plan), what).toBe(65);
      expect(validate(plan), what).toBe(false);
    }
  });
});
