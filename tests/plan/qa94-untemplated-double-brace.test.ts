/**
 * QA94 (review of 272432e): `${{…}}` is text only where a template is rendered. 272432e made it a
 * malformed reference again in header and serve.env values, but an agent's `serve.command` and a
 * stdio judge's `command:` (run by sh, where `${{env.X}}` is "Bad substitution") and an agent's
 * `address` still passed validate since d538b24. A system prompt (sent as written, free text) and
 * a binding input (a template) keep `${{amount}}` as text.
 */
import { describe, expect, it } from 'vitest';
import { checkSecretPlacement } from '../../src/plan/secret-placement.js';

const nowhere = () => undefined;
const codes = (raw: unknown) =>
  checkSecretPlacement(raw, nowhere).map((d) => [d.code, d.path.join('.'), d.message]);

describe('${{…}} in a field run or sent as written', () => {
  it('is a malformed reference in a command, a serve field, an address', () => {
    const raw = {
      agents: {
        a1: {
          protocol: 'raip',
          url: 'http://127.0.0.1:9',
          serve: { command: 'node a.mjs --key ${{env.KEY}}' },
        },
        a2: { protocol: 'mae', address: '${{ env.HOST }}:7000' },
      },
      judges: { j: { protocol: 'agent-eval', command: 'node judge.mjs --token ${{env.T}}' } },
    };
    expect(codes(raw)).toEqual([
      ['EVALC_SECRET_SYNTAX', 'agents.a1.serve.command', 'malformed reference ${{env.KEY}'],
      ['EVALC_SECRET_SYNTAX', 'agents.a2.address', 'malformed reference ${{ env.HOST }'],
      ['EVALC_SECRET_SYNTAX', 'judges.j.command', 'malformed reference ${{env.T}'],
    ]);
  });

  it('stays text in a system prompt and a binding input', () => {
    const raw = {
      agents: {
        llm: {
          protocol: 'openai',
          url: 'http://127.0.0.1:9/v1',
          model: 'm',
          system: 'Prices read ${{amount}}',
        },
      },
      tasks: { t: { bindings: { default: { input: { q: 'for ${{amount}}' } } } } },
    };
    expect(codes(raw)).toEqual([]);
  });
});
