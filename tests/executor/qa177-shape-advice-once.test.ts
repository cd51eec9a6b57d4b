/**
 * QA177: apply (and apply --locked) refusing an evalc.lock of the wrong shape gave two ways out, one
 * after the other: '… expected a string, got nothing (restore it from git, or delete it and run
 * `evalc apply` to re-create it); restore it (`git checkout -- evalc.lock`) or delete it: apply then
 * writes it again, from the cache where it holds the steps'. It now gives apply's own, once; plan,
 * diff and report keep the shape problem's.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPreviousPins } from '../../src/executor/locked-inputs.js';
import { readLockFile } from '../../src/lockfile/serialize.js';
import { REPO_ROOT } from '../cli/run-cli.js';

const dir = mkdtempSync(path.join(tmpdir(), 'qa177-shape-advice-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('apply refusing a lock of the wrong shape (QA177)', () => {
  it('says one way out, its own', () => {
    const lock = JSON.parse(
      readFileSync(path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock'), 'utf8'),
    );
    for (const pin of Object.values(lock.datasets as Record<string, Record<string, unknown>>))
      delete pin.source;
    const file = path.join(dir, 'evalc.lock');
    writeFileSync(file, JSON.stringify(lock, null, 2));

    const read = readPreviousPins(file);
    const message = read.ok ? '' : read.message;
    expect(message).toMatch(
      /is not an evalc lockfile: datasets\.[^ ]+\.source: expected a string, got nothing; restore it \(`git checkout -- evalc\.lock`\) or delete it: apply then writes it again, from the cache where it holds the steps$/,
    );
    expect(message).not.toContain('restore it from git');

    const plain = readLockFile(file);
    expect(plain.ok ? '' : plain.message).toContain(
      'got nothing (restore it from git, or delete it and run `evalc apply` to re-create it)',
    );
  });
});
