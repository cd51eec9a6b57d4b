/**
 * An http agent's `response` JMESPath is compiled at validate: one that does not compile is an
 * error at its file:line:col, not an `extraction_failed` for every example at apply (QA22 E2).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function responseErrors(response: string): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'agent-response-'));
  dirs.push(dir);
  const file = path.join(dir, 'evalc.yaml');
  writeFileSync(
    file,
    `evalc: 1
benchmark: { id: b }
agents:
  a:
    protocol: http
    url: http://127.0.0.1:9/search
    response: ${JSON.stringify(response)}
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: name } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }
`,
  );
  const result = await loadPlan(file, { cwd: dir, offline: true });
  return result.diagnostics
    .filter((d) => d.code === 'EVALC_AGENT_RESPONSE_JMESPATH')
    .map((d) => `${d.source?.line}:${d.source?.col} ${d.message}`);
}

describe("an http agent's response expression", () => {
  it('is an error at its line when it does not compile', async () => {
    const errors = await responseErrors('data[[');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^7:15 agent a: response JMESPath expression does not compile: /);
  });

  it('passes when it compiles', async () => {
    expect(await responseErrors('data.items[0]')).toEqual([]);
  });
});
