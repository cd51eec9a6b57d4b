/**
 * The JMESPath parser accepts any function name and an unknown one fails only when evaluated:
 * `from_json(output)` passed validate, then every example failed `extraction_failed: Unknown
 * function` at apply (QA20 F2). It is a compile error now, reported at the output's line.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compileExpression } from '../../src/binding/extract.js';
import { loadPlan } from '../../src/compiler/load-plan.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('unknown JMESPath functions', () => {
  it('fail to compile wherever they are nested, while known ones compile', () => {
    expect(compileExpression('length(from_json(output))[0]')).toEqual({
      ok: false,
      message: 'Unknown function: from_json() (not a JMESPath function)',
    });
    expect(compileExpression("items[?contains(name, 'a')] | sort_by(@, &nope(x))").ok).toBe(false);
    expect(compileExpression("items[?contains(name, 'a')] | sort_by(@, &age)[0].name").ok).toBe(true);
  });

  it('are a validate error at the binding output', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'unknown-fn-'));
    dirs.push(dir);
    const file = path.join(dir, 'evalc.yaml');
    writeFileSync(
      file,
      `evalc: 1
benchmark: { id: b }
agents:
  a: { protocol: raip, url: "http://127.0.0.1:9" }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: "from_json(output.raw).answer" } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }
`,
    );
    const result = await loadPlan(file, { cwd: dir, offline: true });
    const errors = result.diagnostics
      .filter((d) => d.code === 'EVALC_BIND_JMESPATH')
      .map((d) => `${d.source?.line} ${d.message}`);
    expect(errors).toEqual([
      '7 JMESPath expression does not compile: Unknown function: from_json() (not a JMESPath function)',
    ]);
  });
});
