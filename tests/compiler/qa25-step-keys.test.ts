/**
 * QA25 (mutation audit): step keys of examples no test pinned — the script digest of an example
 * without a script (sha256 of the canonical JSON `null`, so adding the script fields left every
 * plain example's key as it was), an example whose only script field is `human` (a hitl_pause
 * reply changes the conversation, so it must change the invoke key), and the step of an example
 * whose input template fails (one step per repeat, with the error and no invoke key).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compilePlan } from '../../src/compiler/compile.js';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { groupSteps, scriptDigest } from '../../src/compiler/step-keys.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function stepsOf(examples: string, repeats = 1) {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa25-keys-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: b }
agents: { a: { protocol: raip, url: "http://127.0.0.1:9" } }
run: { repeats: ${repeats} }
tasks:
  t:
    bindings: { default: { input: { query: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: ${examples} } }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
`,
  );
  const loaded = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  if (!loaded.resolved) throw new Error(loaded.diagnostics.map((d) => d.message).join('\n'));
  const compiled = compilePlan(loaded.resolved, {});
  const group = compiled.groups[0];
  if (!group) throw new Error('no group');
  return [...groupSteps(group.group, group.keys)];
}

describe('invoke keys and example scripts', () => {
  it('keys a plain example and one with only a scripted human reply differently', async () => {
    const steps = await stepsOf(
      '[ { id: e1, vars: { q: x }, expected: { answer: A } }, { id: e1h, vars: { q: x }, human: "yes, go on", expected: { answer: A } } ]',
    );
    const [plain, human] = steps;
    expect(plain?.invokeKey).toBeDefined();
    expect(human?.invokeKey).toBeDefined();
    // same agent, same rendered input; only the ids and the script differ — compare with a copy
    // of e1h without the reply, which differs from e1 by its id only
    const without = await stepsOf(
      '[ { id: e1, vars: { q: x }, expected: { answer: A } }, { id: e1h, vars: { q: x }, expected: { answer: A } } ]',
    );
    expect(without[0]?.invokeKey).toBe(plain?.invokeKey);
    expect(without[1]?.invokeKey).not.toBe(human?.invokeKey);
  });

  it("digests a plain example's script as canonical JSON null: sha256('null')", async () => {
    const [plain] = await stepsOf('[ { id: e1, vars: { q: x }, expected: { answer: A } } ]');
    if (!plain) throw new Error('no step');
    expect(scriptDigest(plain.example)).toBe(createHash('sha256').update('null').digest('hex'));
  });
});

describe('an example whose input template fails', () => {
  it('gets one step per repeat with the template error and no invoke key; the others are keyed', async () => {
    // e2 has no q: "{{q}}" fails for it (a plan error at validate; the library still compiles it)
    const steps = await stepsOf('[ { id: e1, vars: { q: x } }, { id: e2, vars: { r: y } } ]', 2);
    expect(
      steps.map((s) => [s.example.id, s.repeat, s.invokeKey !== undefined, s.renderError !== undefined]),
    ).toEqual([
      ['e1', 0, true, false],
      ['e1', 1, true, false],
      ['e2', 0, false, true],
      ['e2', 1, false, true],
    ]);
    expect(steps[2]?.renderError?.message).toContain('"q" is not defined');
    expect(steps[2]?.scoreKeys).toEqual({});
  });
});
