/**
 * QA44: DESIGN §2 dataset sources are `jsonl|json|csv|yaml|https://…`; a `source:` with another
 * scheme (`ftp://`, `s3://`, `file://`) was read as a relative path: "dataset file not found".
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { datasetPlanYaml, planDiagnostics, writeFiles } from './plan-helpers.js';

const plan = (source: string): string => datasetPlanYaml(`"${source}"`);

describe('a dataset source with a scheme evalc does not read', () => {
  it('says so instead of "file not found"', async () => {
    for (const source of ['ftp://host/d.jsonl', 's3://bucket/d.jsonl', 'file:///tmp/d.jsonl']) {
      const errors = (await planDiagnostics(plan(source))).filter((d) => d.severity === 'error');
      expect(errors.map((d) => `${d.source?.line}:${d.source?.col} ${d.message}`)).toEqual([
        `12:20 dataset source ${source}: ${source.split(':')[0]}:// is not a source evalc reads`,
      ]);
    }
  });

  it('says so for a source in an included file too (s3:// was re-rooted as sub/s3://…)', async () => {
    const root = 'evalc: 1\nbenchmark: { id: b }\ninclude: [sub/more.yaml]\n';
    const dir = writeFiles(
      { 'evalc.yaml': root, 'sub/more.yaml': plan('s3://bucket/d.jsonl').split('\n').slice(2).join('\n') },
      'evalc-qa44-scheme-inc-',
    );
    const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    expect(result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([
      'dataset source s3://bucket/d.jsonl: s3:// is not a source evalc reads',
    ]);
  });
});
