/**
 * Content keys change exactly when a result could change (DESIGN.md §1): key order and row
 * order never matter; a metric parameter re-scores only; a template change re-invokes only
 * the examples whose rendered input changed; secrets and runtime settings never enter a key.
 */
import { describe, expect, it } from 'vitest';
import { changedSteps, compileFiles, stepKeys } from './plan-helpers.js';

const ROWS = [
  '{"id":"e1","vars":{"user_query":"intro ML","k":3,"urgent":true},"expected":{"codes":["CS229"],"answer":"ML"}}',
  '{"id":"e2","vars":{"user_query":"compilers","k":1},"expected":{"codes":["CS143"],"answer":"compilers"}}',
  '{"id":"e3","vars":{"user_query":"graphics","k":2},"expected":{"codes":["CS148"],"answer":"graphics"}}',
  '{"id":"e4","vars":{"user_query":"databases","k":2,"urgent":true},"expected":{"codes":["CS145"],"answer":"db"}}',
];

interface Variant {
  template?: string;
  mode?: string;
  agentA1Extra?: string;
  rows?: string[];
  run?: string;
}

function plan(v: Variant = {}): Record<string, string> {
  const template = v.template ?? '{{#if urgent}}URGENT: {{/if}}{{user_query}}';
  return {
    'evalc.yaml': `evalc: 1
benchmark: { id: keys, version: 1.0.0 }
agents:
  a1:
    protocol: raip
    url: http://127.0.0.1:7101
${
  v.agentA1Extra ??
  `    headers: { authorization: "Bearer \${env.KEYS_TOKEN}" }
    limits: { concurrency: 4, timeout: 30s }`
}
  a2: { protocol: chat, url: http://127.0.0.1:7102/agent/respond }
tasks:
  search:
    instructions: "Find courses."
    bindings:
      default:
        input: { query: "${template}", k: "{{k}}" }
        output: { answer: "output.answer", codes: "output.courses[].code" }
    datasets:
      main: { source: data.jsonl }
    metrics:
      - { type: exact_match, candidate: codes, expected: codes, mode: ${v.mode ?? 'set'}, threshold: 1 }
      - { type: contains, candidate: answer, expected: answer }
metrics:
  - { type: pass_rate }
run: ${v.run ?? '{ repeats: 2, seed: 7 }'}
`,
    'data.jsonl': `${(v.rows ?? ROWS).join('\n')}\n`,
  };
}

/** The same plan as `plan()`, with every mapping written in a different key order. */
const REORDERED = `run: { seed: 7, repeats: 2 }
metrics:
  - { type: pass_rate }
tasks:
  search:
    metrics:
      - { threshold: 1, mode: set, expected: codes, candidate: codes, type: exact_match }
      - { expected: answer, candidate: answer, type: contains }
    datasets:
      main: { source: data.jsonl }
    bindings:
      default:
        output: { codes: "output.courses[].code", answer: "output.answer" }
        input: { k: "{{k}}", query: "{{#if urgent}}URGENT: {{/if}}{{user_query}}" }
    instructions: "Find courses."
agents:
  a2: { url: http://127.0.0.1:7102/agent/respond, protocol: chat }
  a1:
    limits: { timeout: 30s, concurrency: 4 }
    headers: { authorization: "Bearer \${env.KEYS_TOKEN}" }
    url: http://127.0.0.1:7101
    protocol: raip
benchmark: { version: 1.0.0, id: keys }
evalc: 1
`;

const kindOf = (id: string) => id.slice(0, id.indexOf('/'));

describe('content key stability', () => {
  it('has one key per step: 4 examples × 2 agents × 2 repeats, 3 metrics', async () => {
    const keys = stepKeys(await compileFiles(plan()));
    const kinds = [...keys.keys()].map(kindOf);
    expect(kinds.filter((k) => k === 'invoke')).toHaveLength(16);
    expect(kinds.filter((k) => k === 'extract')).toHaveLength(16);
    expect(kinds.filter((k) => k === 'score')).toHaveLength(48);
    expect(new Set(keys.values()).size).toBe(keys.size);
  });

  it('never changes a key when mapping keys are reordered', async () => {
    const before = stepKeys(await compileFiles(plan()));
    const after = stepKeys(await compileFiles({ ...plan(), 'evalc.yaml': REORDERED }));
    expect(after).toEqual(before);
  });

  it('never changes a key when dataset rows are reordered', async () => {
    const before = stepKeys(await compileFiles(plan()));
    const after = stepKeys(await compileFiles(plan({ rows: [...ROWS].reverse() })));
    expect(after).toEqual(before);
  });

  it('changes only score keys when a metric parameter changes', async () => {
    const before = stepKeys(await compileFiles(plan({ mode: 'set' })));
    const after = stepKeys(await compileFiles(plan({ mode: 'list' })));
    const changed = changedSteps(before, after);
    expect(changed.length).toBeGreaterThan(0);
    expect(new Set(changed.map(kindOf))).toEqual(new Set(['score']));
    // Every exact_match score re-runs (its config changed).
    const exact = [...before.keys()].filter((id) => id.endsWith('/exact_match'));
    expect(exact).toHaveLength(16);
    for (const id of exact) expect(changed).toContain(id);
  });

  it('re-scores a judge metric when the plan rubric it names changes, and nothing else', async () => {
    const withRubric = (weight: number) => {
      const files = plan();
      files['evalc.yaml'] = files['evalc.yaml']!.replace(
        'metrics:\n  - { type: pass_rate }',
        `judges:\n  j: { protocol: agent-eval, url: http://127.0.0.1:5005 }\nrubrics:\n  pet:\n    dimensions:\n      - { id: relevance, description: "On topic", weight: ${weight} }\n      - { id: style, description: "Clear", weight: 0.25 }\nmetrics:\n  - { type: pass_rate }\n  - { type: judge, id: j_pet, judge: j, rubric: pet }`,
      );
      return files;
    };
    const before = stepKeys(await compileFiles(withRubric(0.75)));
    const after = stepKeys(await compileFiles(withRubric(0.5)));
    const changed = changedSteps(before, after);
    const judged = [...before.keys()].filter((id) => id.endsWith('/j_pet'));
    expect(judged.length).toBeGreaterThan(0);
    // The rubric's own scores, and pass_rate (derived from every metric of the task), re-run.
    expect(new Set(changed.map((id) => id.slice(id.lastIndexOf('/') + 1)))).toEqual(
      new Set(['j_pet', 'pass_rate']),
    );
    for (const id of judged) expect(changed).toContain(id);
  });

  it('changes the invoke keys of only the examples whose rendered input changed', async () => {
    const before = stepKeys(await compileFiles(plan()));
    const after = stepKeys(
      await compileFiles(plan({ template: '{{#if urgent}}PRIORITY: {{/if}}{{user_query}}' })),
    );
    const changed = changedSteps(before, after);
    // e1 and e4 are urgent: their invokes (both agents, both repeats) and everything downstream.
    const changedInvokes = changed.filter((id) => id.startsWith('invoke/')).sort();
    expect(changedInvokes).toEqual([
      'invoke/a1/search/main/e1#0',
      'invoke/a1/search/main/e1#1',
      'invoke/a1/search/main/e4#0',
      'invoke/a1/search/main/e4#1',
      'invoke/a2/search/main/e1#0',
      'invoke/a2/search/main/e1#1',
      'invoke/a2/search/main/e4#0',
      'invoke/a2/search/main/e4#1',
    ]);
    for (const id of changed) expect(id).toMatch(/\/e[14]#\d/);
    expect(changed).toHaveLength(8 * (1 + 1 + 3));
  });

  it('never puts a secret value into a key', async () => {
    const withSecretA = stepKeys(
      await compileFiles(
        plan({ agentA1Extra: '    headers: { authorization: "Bearer literal-token-AAAA1111" }' }),
      ),
    );
    const withSecretB = stepKeys(
      await compileFiles(
        plan({ agentA1Extra: '    headers: { authorization: "Bearer literal-token-BBBB2222" }' }),
      ),
    );
    expect(withSecretB).toEqual(withSecretA);
  });

  it('changes no key when limits, serve or headers change', async () => {
    const before = stepKeys(await compileFiles(plan()));
    const after = stepKeys(
      await compileFiles(
        plan({
          agentA1Extra: `    headers: { authorization: "Bearer \${env.OTHER_TOKEN}", x-trace: "1" }
    limits: { concurrency: 64, rps: 5, timeout: 2m, retries: 9 }
    serve:
      command: node agent.mjs
      env: { PORT: "7101" }
      ready: { url: http://127.0.0.1:7101/info, timeout: 15s }
    description: "same agent, run differently"`,
        }),
      ),
    );
    expect(after).toEqual(before);
  });

  it('changes no key when run.concurrency changes; a third repeat adds steps and keeps existing keys', async () => {
    const before = stepKeys(await compileFiles(plan()));
    const concurrency = stepKeys(
      await compileFiles(plan({ run: '{ repeats: 2, seed: 7, concurrency: 3 }' })),
    );
    expect(concurrency).toEqual(before);
    const more = stepKeys(await compileFiles(plan({ run: '{ repeats: 3, seed: 7 }' })));
    // Existing repeats keep their keys; the third repeat is new.
    for (const [id, key] of before) expect(more.get(id)).toBe(key);
    expect(more.size).toBe(before.size + 4 * 2 * (1 + 1 + 3));
  });

  it('re-invokes only the changed agent when one agent url changes', async () => {
    const before = stepKeys(await compileFiles(plan()));
    const files = plan();
    files['evalc.yaml'] = files['evalc.yaml']!.replace(
      'http://127.0.0.1:7102/agent/respond',
      'http://127.0.0.1:7999/agent/respond',
    );
    const after = stepKeys(await compileFiles(files));
    const changed = changedSteps(before, after);
    expect(changed.length).toBe(4 * 2 * 5);
    for (const id of changed) expect(id).toContain('/a2/');
  });
  it('re-scores only the example whose expected value changed, and ignores weights', async () => {
    const before = stepKeys(await compileFiles(plan()));
    const rows = [...ROWS];
    rows[1] = rows[1]!.replace('"CS143"', '"CS144"').replace('"id":"e2"', '"id":"e2","weight":5');
    rows[2] = rows[2]!.replace('"id":"e3"', '"id":"e3","weight":0.5');
    const changed = changedSteps(before, stepKeys(await compileFiles(plan({ rows }))));
    expect(new Set(changed.map(kindOf))).toEqual(new Set(['score']));
    for (const id of changed) expect(id).toContain('/e2#');
    expect(changed).toHaveLength(2 * 2 * 3);
  });

  it('re-invokes an example whose scripted turns changed', async () => {
    const before = stepKeys(await compileFiles(plan()));
    const rows = [...ROWS];
    rows[2] = rows[2]!.replace('"id":"e3"', '"id":"e3","turns":["hi","and then?"]');
    const changed = changedSteps(before, stepKeys(await compileFiles(plan({ rows }))));
    expect(changed.filter((id) => id.startsWith('invoke/')).sort()).toEqual([
      'invoke/a1/search/main/e3#0',
      'invoke/a1/search/main/e3#1',
      'invoke/a2/search/main/e3#0',
      'invoke/a2/search/main/e3#1',
    ]);
    for (const id of changed) expect(id).toContain('/e3#');
  });
  it('never changes a key when a task moves into an included file', async () => {
    const files = plan();
    const before = stepKeys(await compileFiles(files));
    const text = files['evalc.yaml']!;
    const start = text.indexOf('tasks:');
    const end = text.indexOf('metrics:\n  - { type: pass_rate }');
    const split = {
      'evalc.yaml': `${text.slice(0, start)}include: [parts/search.yaml]\n${text.slice(end)}`,
      'parts/search.yaml': text.slice(start, end).replace('source: data.jsonl', 'source: ../data.jsonl'),
      'data.jsonl': files['data.jsonl']!,
    };
    expect(stepKeys(await compileFiles(split))).toEqual(before);
  });
});
