/**
 * QA206: three misspelt keys that read as one (`agnets:`, `agenst:`, `agnts:`) were each told '(`agenst`,
 * `agnts` beside it read as `agents` too: put what they hold under one `agents`)', which reads as the
 * other two only; it says all three.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const agent = (id: string, port: number) => `  ${id}: { protocol: raip, url: http://127.0.0.1:${port} }\n`;
const text = `evalc: 1
benchmark: { id: three }
agnets:
${agent('a1', 7101)}agenst:
${agent('a2', 7102)}agnts:
${agent('a3', 7103)}tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.a } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { a: x } } ] }
    metrics: [ { type: contains, expected: a } ]
`;

describe('three misspelt keys that read as one', () => {
  it('are each told to put what all three hold under one key, and put so the plan holds every agent', async () => {
    const dir = writeFiles({ 'evalc.yaml': text }, 'evalc-qa206-three-');
    const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    expect(result.diagnostics.map((d) => d.hint)).toEqual([
      'did you mean `agents`? (`agenst`, `agnts` beside it read as `agents` too: put what all 3 hold under one `agents`)',
      'did you mean `agents`? (`agnets`, `agnts` beside it read as `agents` too: put what all 3 hold under one `agents`)',
      'did you mean `agents`? (`agnets`, `agenst` beside it read as `agents` too: put what all 3 hold under one `agents`)',
    ]);
    const merged = text.replace(/agnets:\n(.*\n)agenst:\n(.*\n)agnts:\n/, 'agents:\n$1$2');
    const dir2 = writeFiles({ 'evalc.yaml': merged }, 'evalc-qa206-three-');
    const fixed = await loadPlan(path.join(dir2, 'evalc.yaml'), { cwd: dir2, offline: true });
    expect(fixed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(Object.keys(fixed.resolved?.plan.agents ?? {})).toEqual(['a1', 'a2', 'a3']);
  });
});
