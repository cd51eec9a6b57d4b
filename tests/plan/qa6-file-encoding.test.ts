/**
 * A plan or dataset file that is not UTF-8 text is one EVALC_FILE_ENCODING diagnostic naming the
 * file and what it looks like (QA6: a UTF-16 plan was "a plan file must be a YAML mapping" with
 * its raw bytes echoed; a UTF-16 JSONL was one JSON error per line; a Latin-1 CSV validated and
 * its `é` became U+FFFD in the example). Deeply nested YAML says so instead of "Maximum call
 * stack size exceeded".
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
benchmark: { id: b }
agents:
  a: { protocol: raip, url: "http://127.0.0.1:9" }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { source: data.csv } }
`;

async function diagnosticsFor(
  plan: Buffer | string,
  data: Buffer | string = 'id,q\ne1,hi\n',
): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'qa6-encoding-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'evalc.yaml'), plan);
  writeFileSync(path.join(dir, 'data.csv'), data);
  const result = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  return result.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.source?.file}:${d.source?.line}:${d.source?.col} ${d.code}: ${d.message}`);
}

function utf16le(text: string, bom: boolean): Buffer {
  const body = Buffer.from(text, 'utf16le');
  return bom ? Buffer.concat([Buffer.from([0xff, 0xfe]), body]) : body;
}

describe('plan files that are not UTF-8 text', () => {
  it('loads the same plan in UTF-8, with and without a byte order mark', async () => {
    expect(await diagnosticsFor(PLAN)).toEqual([]);
    expect(await diagnosticsFor(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(PLAN)]))).toEqual(
      [],
    );
  });

  it('names UTF-16 with and without a byte order mark', async () => {
    expect(await diagnosticsFor(utf16le(PLAN, true))).toEqual([
      'evalc.yaml:1:1 EVALC_FILE_ENCODING: the file is UTF-16 text: save it as UTF-8',
    ]);
    expect(await diagnosticsFor(utf16le(PLAN, false))).toEqual([
      'evalc.yaml:1:1 EVALC_FILE_ENCODING: the file looks like UTF-16 text: save it as UTF-8',
    ]);
  });

  it('names a binary file and a Latin-1 file', async () => {
    const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
    expect(await diagnosticsFor(binary)).toEqual([
      'evalc.yaml:1:1 EVALC_FILE_ENCODING: the file is a binary file, not text (a NUL byte at offset 8)',
    ]);
    const latin1 = Buffer.from(PLAN.replace('{ id: b }', '{ id: b, description: "café" }'), 'latin1');
    expect(await diagnosticsFor(latin1)).toEqual([
      'evalc.yaml:1:1 EVALC_FILE_ENCODING: the file is not UTF-8 text (it has bytes that are not UTF-8): save it as UTF-8',
    ]);
  });

  it('says a deeply nested plan nests too deeply instead of a stack overflow message', async () => {
    const errors = await diagnosticsFor(`${PLAN}x: ${'['.repeat(5000)}${']'.repeat(5000)}\n`);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toContain('EVALC_YAML_SYNTAX: the YAML nests too deeply to read');
    expect(errors.join('\n')).not.toContain('call stack');
  });
});

describe('dataset files that are not UTF-8 text', () => {
  it('refuses a Latin-1 CSV instead of turning é into a replacement character', async () => {
    expect(await diagnosticsFor(PLAN, Buffer.from('id,q\ne1,café\n', 'latin1'))).toEqual([
      'data.csv:1:1 EVALC_FILE_ENCODING: dataset d: the file is not UTF-8 text (it has bytes that are not UTF-8): save it as UTF-8',
    ]);
  });

  it('names a UTF-16 dataset once instead of one JSON error per line, and reads a UTF-8 one with a byte order mark', async () => {
    expect(await diagnosticsFor(PLAN, utf16le('id,q\ne1,hi\ne2,ho\n', true))).toEqual([
      'data.csv:1:1 EVALC_FILE_ENCODING: dataset d: the file is UTF-16 text: save it as UTF-8',
    ]);
    expect(await diagnosticsFor(PLAN, '\uFEFFid,q\ne1,café\n')).toEqual([]);
  });
});
