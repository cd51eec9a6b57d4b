/**
 * QA44: DESIGN §2 "every path is relative to the file that names it" — a dataset `source:` in an
 * `include:`d file is re-based onto the root plan's folder, but an absolute path was re-based too
 * (`sub/tmp/…/a.jsonl`, EVALC_DATASET_NOT_FOUND) although it names the same file from anywhere.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const ROOT = `evalc: 1
benchmark: { id: inc, version: 1.0.0 }
include: [sub/more.yaml]
agents:
  a1: { protocol: raip, url: "http://127.0.0.1:7101" }
`;

const more = (source: string): string => `tasks:
  t:
    bindings:
      default: { input: { query: "{{q}}" }, output: { answer: "output.answer" } }
    datasets:
      d: { source: ${JSON.stringify(source)} }
`;

const LINE = '{"id":"e1","vars":{"q":"hi"},"expected":{"answer":"hi"}}\n';

describe('a dataset source in an included file', () => {
  it('reads an absolute path as it is', async () => {
    const dir = writeFiles({ 'evalc.yaml': ROOT, 'data/a.jsonl': LINE }, 'evalc-qa44-abs-');
    const absolute = path.join(dir, 'data/a.jsonl');
    mkdirSync(path.join(dir, 'sub'), { recursive: true });
    writeFileSync(path.join(dir, 'sub/more.yaml'), more(absolute));
    const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.compiled).toBeDefined();
  });

  it('still reads a relative path from the included file’s folder', async () => {
    const dir = writeFiles(
      { 'evalc.yaml': ROOT, 'sub/more.yaml': more('data/a.jsonl'), 'sub/data/a.jsonl': LINE },
      'evalc-qa44-rel-',
    );
    const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});
