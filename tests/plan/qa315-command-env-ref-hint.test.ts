/**
 * QA315: `${env.X}` in a command (run by sh) is refused, as before, but hinted with sh's own `$X`
 * — and, for a serve.command, serve.env to pass it masked — where it read "pass non-secret values
 * in the plan itself", of a token the served agent needs.
 */
import { describe, expect, it } from 'vitest';
import { hintsFor } from '../compiler/plan-helpers.js';

const PLAN = `evalc: 1
benchmark: { id: b }
agents:
  a1:
    protocol: raip
    url: http://127.0.0.1:7101
    serve: { command: "node a.mjs --token \${env.A1_TOKEN}", ready: { url: http://127.0.0.1:7101/info } }
  a3: { protocol: mae, transport: local, command: "node m.mjs \${env.M_KEY}" }
  a4: { protocol: mae, transport: local, command: "node m.mjs \${env.ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789}" }
judges:
  j: { protocol: agent-eval, command: "agent-eval rpc judge --key \${env.J_KEY}", rubric: r }
tasks:
  t:
    instructions: "for \${env.STUDENT}"
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: "output.answer" } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
      - { type: exact_match }
`;

describe('${env.X} in a command', () => {
  it("is hinted with sh's $X, serve.env for a served command", async () => {
    const hints = await hintsFor(PLAN, 'EVALC_SECRET_PLACEMENT');
    expect(hints).toEqual([
      'agents.a1.serve.command: a command is run by sh: write `$A1_TOKEN` and set it in serve.env, `A1_TOKEN: "${env.A1_TOKEN}"`, which masks its value in the agent\'s log',
      'agents.a3.command: a command is run by sh: write `$M_KEY`, read from the environment evalc runs in (a value the plan never names is not masked in what the agent prints)',
      // A key pasted as the name is not repeated in the hint (QA285).
      'agents.a4.command: a command is run by sh: write `$NAME`, read from the environment evalc runs in (a value the plan never names is not masked in what the agent prints)',
      'judges.j.command: a command is run by sh: write `$J_KEY`, read from the environment evalc runs in (a value the plan never names is not masked in what the agent prints)',
      'tasks.t.instructions: secrets never enter content keys; pass non-secret values in the plan itself',
    ]);
  });
});
