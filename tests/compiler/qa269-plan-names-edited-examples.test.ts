/**
 * QA269: `evalc plan` after a one-row dataset edit said `~ invoke … 1 example because the example
 * changed` without naming which: a reviewer had to run `plan --json` and read the step ids. A row of
 * edited examples now names them (`dataset/example`) when there are up to five, else says how many
 * and the first three; `plan --json`'s row carries them as `examples: { count, first }`.
 */
import { expect, it } from 'vitest';
import { renderPlanText } from '../../src/cli/render-plan.js';
import type { CompiledPlan } from '../../src/compiler/compile.js';
import { planRun } from '../../src/compiler/plan-run.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { compileFiles } from './plan-helpers.js';

const files = (edited: ReadonlySet<string>, expectedEdited: ReadonlySet<string> = new Set()) => ({
  'evalc.yaml': `evalc: 1
benchmark: { id: b, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { source: data.jsonl }
    metrics:
      - { type: contains, candidate: answer, expected: answer }
run: { repeats: 2 }
`,
  'data.jsonl': Array.from({ length: 9 }, (_, i) => `e${i + 1}`)
    .map(
      (id) =>
        `{"id":"${id}","vars":{"q":"${id}${edited.has(id) ? ' again' : ''}"},"expected":{"answer":"${expectedEdited.has(id) ? 'B' : 'a'}"}}\n`,
    )
    .join(''),
});

/** The lock and cache an apply of `compiled` leaves (every step recorded and cached). */
function applied(compiled: CompiledPlan): { lock: Lockfile; keys: string[] } {
  const steps = planRun(compiled, { has: () => false }, undefined, { listSteps: true }).steps ?? [];
  const key = (id: string) => steps.find((s) => s.id === id)?.key ?? '';
  const cg = compiled.groups[0]!;
  const row = (example: string) => ({
    group: cg.group.id,
    example,
    weight: 1,
    invoke: [0, 1].map((r) => key(`invoke/a1/t/d/${example}#${r}`)),
    pass: true,
    metrics: { contains: { key: key(`score/a1/t/d/${example}#0/contains`), score: 1 } },
  });
  const lock = {
    plan: { digest: compiled.resolved.planDigest, benchmark: { id: 'b', version: '1.0.0' } },
    agents: {
      a1: { protocol: 'raip', endpoint: 'http://127.0.0.1:7101', digest: compiled.agentDigests.a1! },
    },
    groups: {
      [cg.group.id]: {
        agent: 'a1',
        task: 't',
        dataset: 'd',
        binding: cg.group.bindingName,
        agentDigest: cg.agentDigest,
        inputDigest: cg.group.templateDigest,
        outputDigest: cg.group.outputDigest,
        datasetSha256: cg.group.dataset.sha256,
        metrics: Object.fromEntries(
          cg.group.metrics.map((m) => [
            m.id,
            { type: m.type, version: m.version, digest: m.digest, config: m.config },
          ]),
        ),
      },
    },
    results: cg.group.dataset.examples.map((e) => row(e.id)),
    run: { repeats: 2, seed: 7, bootstrap: 1000, significance: 0.05, trace: false },
    steps: { complete: false, digest: 'not compared by plan', errors: {} },
  } as unknown as Lockfile;
  return { lock, keys: steps.flatMap((s) => (s.key === undefined ? [] : [s.key])) };
}

async function planAfter(edited: string[], expectedEdited: string[] = []) {
  const { lock, keys } = applied(await compileFiles(files(new Set())));
  const after = await compileFiles(files(new Set(edited), new Set(expectedEdited)));
  const cached = new Set(keys);
  return planRun(after, { has: (k) => cached.has(k) }, lock);
}

const invokeLine = (text: string) => text.split('\n').find((l) => l.includes('~ invoke')) ?? '';

it('names the one example edited', async () => {
  const plan = await planAfter(['e7']);
  expect(invokeLine(renderPlanText(plan))).toMatch(/ 2 runs {7}because the example changed: d\/e7$/);
  expect(plan.rows.find((r) => r.kind === 'invoke')?.examples).toEqual({ count: 1, first: ['d/e7'] });
});

it('names up to five, each once over its repeats', async () => {
  const plan = await planAfter(['e2', 'e3', 'e5', 'e8', 'e9']);
  expect(invokeLine(renderPlanText(plan))).toMatch(
    /10 runs {7}because the example changed: d\/e2, d\/e3, d\/e5, d\/e8, d\/e9$/,
  );
});

it('says how many and the first three of more', async () => {
  const plan = await planAfter(['e1', 'e2', 'e3', 'e4', 'e5', 'e6']);
  expect(invokeLine(renderPlanText(plan))).toMatch(
    /12 runs {7}because the example changed: 6 examples, d\/e1, d\/e2, d\/e3, …$/,
  );
});

it('names the example whose expected value changed in its score row', async () => {
  const text = renderPlanText(await planAfter([], ['e4']));
  expect(text).toContain('because the example changed (expected or another field, not the request): d/e4\n');
});

it('names no example in a row of another reason', async () => {
  const text = renderPlanText(await planAfter(['e7']));
  expect(text).toContain('because its invoke runs\n');
});

it('cuts a long id at a code point, never halfway through an emoji (QA280)', async () => {
  const plan = await planAfter(['e7']);
  const row = plan.rows.find((r) => r.kind === 'invoke')!;
  row.examples = { count: 1, first: [`d/x${'😀'.repeat(30)}`] };
  const line = invokeLine(renderPlanText(plan));
  // 'd/x' and 28 emoji are 59 UTF-16 units: the 29th emoji's first half is the 60th.
  expect(line).toMatch(new RegExp(`changed: d/x${'😀'.repeat(28)}…$`, 'u'));
  expect(Buffer.from(line).toString()).toBe(line); // a lone half would come back U+FFFD
});
