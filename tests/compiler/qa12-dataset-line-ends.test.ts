/**
 * A dataset checked out with git's core.autocrlf (CRLF line ends) or saved with a UTF-8 byte
 * order mark pins, parses and keys exactly like the LF file (QA12: the lock's dataset sha256
 * changed, so a lock committed on Linux CI made `apply --locked` refuse on a Windows laptop, and a
 * CSV cell spanning lines reached the agent as "\r\n", re-invoking every such example).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LoadResult, loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const PLAN = `evalc: 1
benchmark: { id: ds, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      jsonl: { source: data/rows.jsonl }
      csv: { source: data/rows.csv }
      yaml: { source: data/rows.yaml }
`;

const LF_FILES: Record<string, string> = {
  'data/rows.jsonl':
    '{"id":"r1","vars":{"q":"intro ML"},"expected":{"a":"x"}}\n{"id":"r2","vars":{"q":"İı"}}\n',
  'data/rows.csv': 'id,vars.q,expected.a\nr1,"line one\nline two",x\nr2,plain,y\n',
  'data/rows.yaml':
    '- id: r1\n  vars: { q: "intro ML" }\n  expected:\n    a: |\n      two\n      lines\n- id: r2\n  vars: { q: b }\n',
};

const crlf = (text: string) => text.replaceAll('\n', '\r\n');
const bom = (text: string) => `\uFEFF${text}`;
const sha256sum = (text: string) => createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');

async function load(files: Record<string, string>): Promise<LoadResult> {
  const dir = writeFiles({ 'evalc.yaml': PLAN, ...files });
  return loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    cacheDir: path.join(dir, '.evalc/cache'),
    offline: true,
  });
}

/** datasetId → {sha256, examples: [id, vars, expected, digest]} */
function pinsOf(r: LoadResult) {
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return Object.fromEntries(
    (r.resolved?.datasets ?? []).map((d) => [
      d.datasetId,
      { sha256: d.sha256, examples: d.examples.map((e) => [e.id, e.vars, e.expected, e.digest]) },
    ]),
  );
}

const mapFiles = (edit: (text: string) => string) =>
  Object.fromEntries(Object.entries(LF_FILES).map(([name, text]) => [name, edit(text)]));

describe('dataset line ends and byte order mark', () => {
  it('pins an LF dataset by the sha256sum of the file', async () => {
    const lf = pinsOf(await load(LF_FILES));
    expect(lf.jsonl?.sha256).toBe(sha256sum(LF_FILES['data/rows.jsonl'] ?? ''));
    expect(lf.csv?.sha256).toBe(sha256sum(LF_FILES['data/rows.csv'] ?? ''));
    expect(lf.yaml?.sha256).toBe(sha256sum(LF_FILES['data/rows.yaml'] ?? ''));
  });

  it('gives a CRLF copy, and a BOM + CRLF copy, the same sha256, examples and example digests as the LF file', async () => {
    const lf = pinsOf(await load(LF_FILES));
    expect(pinsOf(await load(mapFiles(crlf)))).toEqual(lf);
    expect(pinsOf(await load(mapFiles((t) => bom(crlf(t)))))).toEqual(lf);
    expect(pinsOf(await load(mapFiles(bom)))).toEqual(lf);
  });

  it('reads a CSV cell spanning lines with LF line breaks from a CRLF file', async () => {
    const r = pinsOf(await load(mapFiles(crlf)));
    expect(r.csv?.examples[0]?.[1]).toEqual({ q: 'line one\nline two' });
  });

  it('still pins a real edit: a trailing space changes the sha256', async () => {
    const lf = pinsOf(await load(LF_FILES));
    const edited = pinsOf(
      await load({
        ...LF_FILES,
        'data/rows.jsonl': LF_FILES['data/rows.jsonl']?.replace('}\n', '} \n') ?? '',
      }),
    );
    expect(edited.jsonl?.sha256).not.toBe(lf.jsonl?.sha256);
    expect(edited.jsonl?.examples).toEqual(lf.jsonl?.examples);
  });

  it('accepts a declared sha256: of the LF file or of the CRLF bytes as they are, and refuses any other', async () => {
    const lfText = LF_FILES['data/rows.jsonl'] ?? '';
    const pinned = (sha: string) =>
      load({
        'evalc.yaml': PLAN.replace(
          '{ source: data/rows.jsonl }',
          `{ source: data/rows.jsonl, sha256: "${sha}" }`,
        ),
        ...mapFiles(crlf),
      });
    const codes = async (sha: string) =>
      (await pinned(sha)).diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);
    expect(await codes(sha256sum(lfText))).toEqual([]);
    expect(await codes(sha256sum(crlf(lfText)))).toEqual([]);
    expect(await codes('0'.repeat(64))).toEqual(['EVALC_DATASET_SHA256']);
    const refused = (await pinned('0'.repeat(64))).diagnostics.find((d) => d.code === 'EVALC_DATASET_SHA256');
    // both digests a user may have computed are named
    expect(refused?.message).toContain(sha256sum(lfText));
    expect(refused?.message).toContain(sha256sum(crlf(lfText)));
  });
});
