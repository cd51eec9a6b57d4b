/**
 * QA40: a dataset `source:` that is a pipe or a device was read as a file. A FIFO with no writer
 * blocked `validate` for ever (a synchronous read: Ctrl-C and SIGTERM could not stop it),
 * `/dev/zero` read until memory ran out, and `/dev/null` or a FIFO that was written once gave a
 * dataset that the next run could not read again. Such a source is refused, naming it. A file
 * too large to read says so.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, ftruncateSync, openSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { datasetPlanYaml, writeFiles } from './plan-helpers.js';

const writers: ChildProcess[] = [];
afterEach(() => {
  for (const w of writers.splice(0)) w.kill('SIGKILL');
});

async function diagnose(source: string, dir = writeFiles({})) {
  writeFileSync(path.join(dir, 'evalc.yaml'), datasetPlanYaml(`${source}, format: jsonl`));
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, cacheDir: path.join(dir, 'cache') });
  return r.diagnostics.map((d) => `${d.code} ${d.message}`);
}

describe('a dataset source that is not a regular file (QA40)', () => {
  it('refuses a FIFO (here one a writer fills, which the old code read once)', async () => {
    const dir = writeFiles({});
    execFileSync('mkfifo', [path.join(dir, 'rows.jsonl')]);
    // A writer that would unblock a reader; it is killed after the test.
    writers.push(spawn('sh', ['-c', `printf '{"id":"a","vars":{"q":"x"}}\\n' > rows.jsonl`], { cwd: dir }));
    expect(await diagnose('rows.jsonl', dir)).toEqual([
      'EVALC_DATASET_NOT_FOUND dataset rows.jsonl is not a regular file (a pipe or a device)',
    ]);
  });

  it('refuses a device', async () => {
    expect(await diagnose('/dev/null')).toEqual([
      'EVALC_DATASET_NOT_FOUND dataset /dev/null is not a regular file (a pipe or a device)',
    ]);
  });

  // QA40: a file over 2 GiB (Node reads at most that much at once) was "not found", with the hint
  // "did you mean" its own name. A sparse file takes no disk space.
  it('says a file over 2 GiB is too large, not missing', async () => {
    const dir = writeFiles({});
    const file = path.join(dir, 'rows.jsonl');
    const fd = openSync(file, 'w');
    try {
      ftruncateSync(fd, 3 * 2 ** 30);
    } finally {
      closeSync(fd);
    }
    try {
      expect(await diagnose('rows.jsonl', dir)).toEqual([
        'EVALC_DATASET_NOT_FOUND dataset file rows.jsonl is too large to read (over 2 GiB)',
      ]);
    } finally {
      rmSync(file);
    }
  });
});
