/**
 * QA72: "a file included twice is read once" — but the same file reached by two paths, one through a
 * symlink (`shared -> tasks`, or `t1-alias.yaml -> t1.yaml`), was merged twice: "tasks.t1 is
 * defined in more than one file", pointing at the one file. A cycle closed through a symlink was
 * reported as that conflict too, not as EVALC_INCLUDE_CYCLE. Files are now told apart by their
 * real path.
 */
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { runCommand } from '../cli/run-cli.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const TASK = `tasks:
  t1:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { source: data/d.jsonl } }
`;
const AGENT = 'agents:\n  a: { protocol: raip, url: "http://127.0.0.1:7101" }\n';

async function validate(include: string, links: [string, string][], extra: Record<string, string> = {}) {
  const dir = writeFiles(
    {
      'evalc.yaml': `evalc: 1\nbenchmark: { id: b }\ninclude: ${include}\n${AGENT}`,
      'tasks/t1.yaml': TASK,
      'tasks/data/d.jsonl': '{"id":"x1","vars":{"q":"hi"}}\n',
      ...extra,
    },
    'evalc-qa72-symlink-',
  );
  for (const [link, target] of links) symlinkSync(target, path.join(dir, link));
  const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
  const diagnostics = (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
  return { code: result.code, said: diagnostics.map((d) => `${d.code} ${d.source?.file}:${d.source?.line}`) };
}

describe('one file reached by two paths, one through a symlink', () => {
  it('is read once: through a symlinked folder or a symlinked file', async () => {
    expect(await validate('[tasks/t1.yaml, shared/t1.yaml]', [['shared', 'tasks']])).toEqual({
      code: 0,
      said: [],
    });
    expect(await validate('[tasks/t1.yaml, tasks/alias.yaml]', [['tasks/alias.yaml', 't1.yaml']])).toEqual({
      code: 0,
      said: [],
    });
  });

  it('a cycle closed through a symlink is a cycle', async () => {
    const { said } = await validate('[loop/a.yaml]', [['loop/back.yaml', '../loop/a.yaml']], {
      'loop/a.yaml': 'include: [back.yaml]\n',
    });
    expect(said).toEqual(['EVALC_INCLUDE_CYCLE loop/a.yaml:1']);
  });
});
