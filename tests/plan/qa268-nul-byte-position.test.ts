/**
 * A plan that is UTF-8 text but for a NUL byte (typed into a value by a tool, a bad paste) is
 * refused at the NUL's line and column, not at 1:1 with a byte offset to count (QA268); a file
 * that is binary before its NUL (an image) is still refused at 1:1.
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

const PLAN = `evalc: 1
benchmark: { id: b, description: "café course" }
agents:
  a: { protocol: raip, url: "http://127.0.0.1:9" }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }
`;

async function sourcesFor(plan: Buffer): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'qa268-nul-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'evalc.yaml'), plan);
  const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  return result.diagnostics.map((d) => `${d.source?.file}:${d.source?.line}:${d.source?.col} ${d.code}`);
}

describe('a NUL byte in a plan file', () => {
  it('points at its line and column', async () => {
    const text = PLAN.replace('course', 'cour\0se');
    expect(await sourcesFor(Buffer.from(text))).toEqual(['evalc.yaml:2:44 EVALC_FILE_ENCODING']);
    expect(await sourcesFor(Buffer.from(`\0${PLAN}`))).toEqual(['evalc.yaml:1:1 EVALC_FILE_ENCODING']);
  });

  it('points at 1:1 when the bytes before it are not text either', async () => {
    const binary = Buffer.from([0x89, 0x50, 0x0a, 0x41, 0x00]);
    expect(await sourcesFor(binary)).toEqual(['evalc.yaml:1:1 EVALC_FILE_ENCODING']);
  });
});
