/**
 * A mae agent's `comand:` is said once, unknown with "did you mean `command`?": it also read 'agent a3:
 * mae transport local needs command:', of a key the user had written, misspelt (QA166). An agent
 * with no command at all is still told it needs one.
 */
import { expect, it } from 'vitest';
import { planDiagnostics } from './plan-helpers.js';

async function said(agent: string): Promise<string[]> {
  const r = {
    diagnostics: await planDiagnostics(`evalc: 1
benchmark: { id: m }
agents:
  a3: ${agent}
tasks:
  t:
    bindings: { default: { input: "{{q}}", output: { a: final_answer } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi } } ] } }
`),
  };
  return r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.message}`);
}

it('says a judge’s misspelt url or model once', async () => {
  const r = {
    diagnostics: await planDiagnostics(`evalc: 1
benchmark: { id: m }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
judges:
  strict: { protocol: agent-eval, ulr: http://127.0.0.1:5005 }
  llm: { protocol: openai, url: http://127.0.0.1:11434/v1, modle: qwen2.5 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi } } ] } }
    metrics:
      - { type: judge, judge: strict, content: "{{candidate.a}}" }
      - { id: j2, type: judge, judge: llm, content: "{{candidate.a}}" }
`),
  };
  expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual([
    'EVALC_SCHEMA_UNKNOWN_KEY',
    'EVALC_SCHEMA_UNKNOWN_KEY',
  ]);
});

it('says a misspelt command once, and a missing one still', async () => {
  expect(await said('{ protocol: mae, transport: local, comand: "node mae.mjs" }')).toEqual([
    'EVALC_SCHEMA_UNKNOWN_KEY unknown key `comand` in agents.a3',
  ]);
  expect(await said('{ protocol: mae, transport: local, cwd: "." }')).toEqual([
    'EVALC_AGENT_CONFIG agent a3: mae transport local needs command:',
    'EVALC_SCHEMA_UNKNOWN_KEY unknown key `cwd` in agents.a3',
  ]);
});

it('says a dataset’s misspelt source or examples once', async () => {
  for (const written of ['sourc: rows.jsonl', 'example: [ { id: x1, vars: { q: hi } } ]']) {
    const r = {
      diagnostics: await planDiagnostics(`evalc: 1
benchmark: { id: m }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets: { d: { ${written} } }
`),
    };
    expect(r.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual([
      'EVALC_SCHEMA_UNKNOWN_KEY',
    ]);
  }
});

it('says a gate’s misspelt regression once, and a gate with no bound still (QA172)', async () => {
  const gate = async (written: string) => {
    const r = {
      diagnostics: await planDiagnostics(`evalc: 1
benchmark: { id: m }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi } } ] } }
metrics: [ { type: pass_rate } ]
gates:
  - { metric: pass_rate, ${written} }
`),
    };
    return r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.message}`);
  };
  expect(await gate('regresion: { max_drop: 0.02 }')).toEqual([
    'EVALC_SCHEMA_UNKNOWN_KEY unknown key `regresion` in gates[0]',
  ]);
  expect(await gate('scope: benchmark')).toEqual(['EVALC_GATE_EMPTY a gate needs min:, max: or regression:']);
});

it("tells a gate's max_drop or significance written beside min: to go inside regression: (QA176)", async () => {
  // It read 'unknown key `max_drop` in gates[0]' with no hint.
  const r = {
    diagnostics: await planDiagnostics(`evalc: 1
benchmark: { id: m }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi } } ] } }
metrics: [ { type: pass_rate } ]
gates:
  - { metric: pass_rate, max_drop: 0.02, significance: 0.05 }
  - { metric: pass_rate, min: 0.5, max_dorp: 0.02, signifcance: 0.05, scpoe: task }
  - { metric: pass_rate, min: 0.5, regression: { max_drop: 0.01 }, max_dorp: 0.02 }
`),
  };
  expect(r.diagnostics.filter((d) => d.code === 'EVALC_SCHEMA_UNKNOWN_KEY').map((d) => d.hint)).toEqual([
    "`max_drop` goes inside the gate's regression: { max_drop: … } (what is compared with the baseline lock)",
    "`significance` goes inside the gate's regression: { significance: … } (what is compared with the baseline lock)",
    // Misspelt (QA179: no hint); a key nearer one of the gate's own is told that one.
    "did you mean `max_drop`? `max_drop` goes inside the gate's regression: { max_drop: … } (what is compared with the baseline lock)",
    "did you mean `significance`? `significance` goes inside the gate's regression: { significance: … } (what is compared with the baseline lock)",
    'did you mean `scope`?',
    // One the gate's regression: sets already (QA187: moved as told, max_drop was written twice there).
    "`max_drop` is set already in the gate's regression: { max_drop: 0.01 }: keep the value you mean there, and remove `max_dorp`",
  ]);
});
