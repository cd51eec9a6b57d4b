/**
 * Dataset sources: JSONL, JSON, CSV, YAML and inline examples parse to the same examples with
 * their line numbers; a remote source is fetched once over loopback, kept in the cache under
 * its sha256, read offline afterwards, and checked against a declared `sha256:`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/compiler/content-key.js';
import { type LoadResult, loadPlan } from '../../src/compiler/load-plan.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { removeFolder } from '../fixtures/temp-folder.js';
import { writeFiles } from './plan-helpers.js';

function planWith(datasets: string): string {
  return `evalc: 1
benchmark: { id: ds, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings:
      default:
        input: { q: "{{q}}", n: "{{n}}" }
        output: { answer: "output.answer" }
    datasets:
${datasets}
`;
}

async function load(
  dir: string,
  options: { offline?: boolean; cacheDir?: string } = {},
): Promise<LoadResult> {
  return loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    cacheDir: options.cacheDir ?? path.join(dir, '.evalc/cache'),
    offline: options.offline ?? false,
  });
}

const errors = (r: LoadResult): Diagnostic[] => r.diagnostics.filter((d) => d.severity === 'error');

/** id → [vars, expected, example digest, line] of one dataset. */
function examplesOf(r: LoadResult, datasetId: string) {
  const dataset = r.resolved?.datasets.find((d) => d.datasetId === datasetId);
  if (!dataset) throw new Error(`no dataset ${datasetId}: ${JSON.stringify(r.diagnostics)}`);
  return dataset.examples.map((e) => ({
    id: e.id,
    vars: e.vars,
    expected: e.expected,
    digest: e.digest,
    line: e.source?.line,
  }));
}

describe('dataset formats', () => {
  const files = {
    'evalc.yaml': planWith(`      jsonl: { source: data/rows.jsonl }
      json: { source: data/rows.json }
      wrapped: { source: data/wrapped.json }
      csv: { source: data/rows.csv }
      yaml: { source: data/rows.yaml }
      inline:
        examples:
          - { id: r1, vars: { q: "intro ML", n: 3 }, expected: { codes: [CS229] } }
          - { id: r2, vars: { q: "compilers", n: 1 }, expected: { codes: [CS143] } }
      nameless: { source: data/rows.txt, format: jsonl }`),
    'data/rows.jsonl':
      '{"id":"r1","vars":{"q":"intro ML","n":3},"expected":{"codes":["CS229"]}}\n\n{"id":"r2","vars":{"q":"compilers","n":1},"expected":{"codes":["CS143"]}}\n',
    'data/rows.json': JSON.stringify([
      { id: 'r1', vars: { q: 'intro ML', n: 3 }, expected: { codes: ['CS229'] } },
      { id: 'r2', vars: { q: 'compilers', n: 1 }, expected: { codes: ['CS143'] } },
    ]),
    'data/wrapped.json': JSON.stringify({
      examples: [
        { id: 'r1', vars: { q: 'intro ML', n: 3 }, expected: { codes: ['CS229'] } },
        { id: 'r2', vars: { q: 'compilers', n: 1 }, expected: { codes: ['CS143'] } },
      ],
    }),
    'data/rows.csv':
      'id,q,vars.n,expected.codes,weight\nr1,intro ML,3,"[""CS229""]",1\nr2,compilers,1,"[""CS143""]",2\n',
    'data/rows.yaml': `# two examples
- id: r1
  vars: { q: intro ML, n: 3 }
  expected: { codes: [CS229] }
- id: r2
  vars: { q: compilers, n: 1 }
  expected: { codes: [CS143] }
`,
    'data/rows.txt': '{"id":"r1","vars":{"q":"intro ML","n":3},"expected":{"codes":["CS229"]}}\n',
  };
  let result: LoadResult;
  let dir: string;
  beforeAll(async () => {
    dir = writeFiles(files);
    result = await load(dir);
  });
  afterAll(() => removeFolder(dir));

  it('loads every format without diagnostics', () => {
    expect(result.diagnostics).toEqual([]);
    expect(result.resolved?.datasets.map((d) => [d.datasetId, d.format, d.examples.length])).toEqual([
      ['jsonl', 'jsonl', 2],
      ['json', 'json', 2],
      ['wrapped', 'json', 2],
      ['csv', 'csv', 2],
      ['yaml', 'yaml', 2],
      ['inline', 'inline', 2],
      ['nameless', 'jsonl', 1],
    ]);
  });

  it('gives the same example the same digest in JSONL, JSON, YAML and inline', () => {
    const jsonl = examplesOf(result, 'jsonl').map((e) => e.digest);
    for (const id of ['json', 'wrapped', 'yaml', 'inline']) {
      expect(examplesOf(result, id).map((e) => e.digest)).toEqual(jsonl);
    }
  });

  it('remembers the line each example came from (blank lines and comments counted)', () => {
    expect(examplesOf(result, 'jsonl').map((e) => e.line)).toEqual([1, 3]);
    expect(examplesOf(result, 'yaml').map((e) => e.line)).toEqual([2, 5]);
    expect(examplesOf(result, 'csv').map((e) => e.line)).toEqual([2, 3]);
  });

  it('reads CSV columns as id, weight, vars.* / plain vars and expected.* with JSON cells', () => {
    const csv = result.resolved?.datasets.find((d) => d.datasetId === 'csv');
    expect(csv?.examples.map((e) => [e.id, e.vars, e.expected, e.weight])).toEqual([
      ['r1', { q: 'intro ML', n: '3' }, { codes: ['CS229'] }, 1],
      ['r2', { q: 'compilers', n: '1' }, { codes: ['CS143'] }, 2],
    ]);
  });

  it('hashes the source bytes of file datasets', () => {
    const jsonl = result.resolved?.datasets.find((d) => d.datasetId === 'jsonl');
    expect(jsonl?.sha256).toBe(sha256Hex(Buffer.from(files['data/rows.jsonl'])));
  });

  it('reports a malformed JSONL line, a malformed JSON file and an unknown extension at their positions', async () => {
    const dir = writeFiles({
      'evalc.yaml': planWith(`      broken: { source: bad.jsonl }
      brokenjson: { source: bad.json }
      mystery: { source: data.bin }`),
      // the parser names the offending character: the 13th of the trimmed line, indented by 2
      'bad.jsonl': '{"id":"x1","vars":{"q":"a","n":1}}\n  {"id": "x2" "vars": {}}\n{"id": oops}\n',
      // the second comma of line 3
      'bad.json': '[\n  {"id": "a"},\n  {"id": "b",, }\n]\n',
    });
    const r = await load(dir);
    expect(errors(r).map((d) => [d.code, d.source?.file, d.source?.line, d.source?.col])).toEqual([
      ['EVALC_DATASET_PARSE', 'bad.json', 3, 14],
      ['EVALC_DATASET_PARSE', 'bad.jsonl', 2, 15],
      // "Unexpected token 'o'…" names no position: the scan finds it, the `o` of oops (QA161)
      ['EVALC_DATASET_PARSE', 'bad.jsonl', 3, 8],
      ['EVALC_DATASET_FORMAT', 'evalc.yaml', 14, 26],
    ]);
  });

  it('refuses an example nested deeper than 512 levels at its line, and keeps the others', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const dir = writeFiles({
      'evalc.yaml': planWith('      deep: { source: deep.jsonl }\n      deepyaml: { source: deep.yaml }'),
      'deep.jsonl': `{"id":"ok","vars":{"q":"a","n":1}}\n{"id":"x","vars":{"q":"b","n":2},"extra":${deep}}\n`,
      'deep.yaml': `- { id: y, vars: { q: c, n: 3 }, extra: ${'['.repeat(600)}${']'.repeat(600)} }\n`,
    });
    const r = await load(dir);
    expect(errors(r).map((d) => [d.code, d.source?.file, d.source?.line, d.message])).toEqual([
      ['EVALC_DATASET_PARSE', 'deep.jsonl', 2, 'this example nests arrays/objects deeper than 512 levels'],
      ['EVALC_DATASET_PARSE', 'deep.yaml', 1, 'this example nests arrays/objects deeper than 512 levels'],
    ]);
  });
});

describe('dataset diagnostics', () => {
  it('points at the element of a JSON array, strings with brackets and quotes notwithstanding', async () => {
    const dir = writeFiles({
      'evalc.yaml': planWith('      j: { source: rows.json }'),
      'rows.json':
        '[{"id":"a","vars":{"q":"x [,{ \\" y","n":1}}, {"id":"b","vars":{"q":"z","n":2}},\n  {"id":"a","vars":{"q":"y","n":3}}\n]\n',
    });
    const r = await load(dir);
    expect(errors(r).map((d) => [d.code, d.source?.line, d.source?.col, d.hint])).toEqual([
      ['EVALC_EXAMPLE_DUPLICATE_ID', 2, 3, 'first defined at rows.json:1'],
    ]);
    expect(examplesOf(r, 'j').map((e) => e.line)).toEqual([1, 1]);
  });

  it('says an example has no id instead of "Invalid input"', async () => {
    const dir = writeFiles({
      'evalc.yaml': planWith(
        '      i:\n        examples:\n          - { id: ok, vars: { q: a, n: 1 } }\n          - { vars: { q: b, n: 2 } }',
      ),
    });
    const r = await load(dir);
    expect(errors(r).map((d) => [d.code, d.message, d.source?.line, d.source?.col])).toEqual([
      ['EVALC_EXAMPLE_INVALID', 'invalid example: it has no `id`', 15, 13],
    ]);
  });
});

describe('remote dataset sources', () => {
  const body = '{"id":"w1","vars":{"q":"web","n":1}}\n{"id":"w2","vars":{"q":"net","n":2}}\n';
  const sha = sha256Hex(Buffer.from(body));
  let server: Loopback;
  let requests = 0;
  beforeAll(async () => {
    server = await startLoopback((req, res) => {
      requests++;
      if (req.url === '/moved.jsonl') {
        res.writeHead(302, { location: '/data.jsonl' });
        res.end();
      } else if (req.url === '/data.jsonl') {
        res.writeHead(200, { 'content-type': 'application/x-ndjson' });
        res.end(body);
      } else {
        res.writeHead(404);
        res.end('not found');
      }
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('fetches once, caches under the sha256, and works offline the second time', async () => {
    const dir = writeFiles({ 'evalc.yaml': planWith(`      web: { source: ${server.url}/data.jsonl }`) });
    const cacheDir = path.join(dir, 'cache');
    const before = requests;
    const first = await load(dir, { cacheDir });
    expect(first.diagnostics).toEqual([]);
    expect(requests - before).toBe(1);
    const cached = path.join(cacheDir, 'sources', sha);
    expect(existsSync(cached)).toBe(true);
    expect(readFileSync(cached, 'utf8')).toBe(body);
    const second = await load(dir, { cacheDir, offline: true });
    expect(second.diagnostics).toEqual([]);
    expect(requests - before).toBe(1);
    expect(second.resolved?.datasets[0]?.sha256).toBe(sha);
    expect(second.resolved?.datasets[0]?.examples.map((e) => e.id)).toEqual(['w1', 'w2']);
  });

  it('is an error when the declared sha256 does not match the fetched bytes', async () => {
    const wrong = 'a'.repeat(64);
    const dir = writeFiles({
      'evalc.yaml': planWith(`      web: { source: ${server.url}/data.jsonl, sha256: ${wrong} }`),
    });
    const r = await load(dir);
    expect(errors(r)).toHaveLength(1);
    expect(errors(r)[0]).toMatchObject({
      code: 'EVALC_DATASET_SHA256',
      path: ['tasks', 't', 'datasets', 'web', 'source'],
      source: { file: 'evalc.yaml', line: 12 },
    });
    expect(errors(r)[0]?.message).toContain(sha);
    expect(errors(r)[0]?.message).toContain(wrong);
  });

  it('accepts a matching declared sha256', async () => {
    const dir = writeFiles({
      'evalc.yaml': planWith(`      web: { source: ${server.url}/data.jsonl, sha256: ${sha} }`),
    });
    const r = await load(dir);
    expect(r.diagnostics).toEqual([]);
  });

  it('reports an uncached source when offline, and an HTTP error when online', async () => {
    const dir = writeFiles({ 'evalc.yaml': planWith(`      web: { source: ${server.url}/missing.jsonl }`) });
    expect(errors(await load(dir, { offline: true })).map((d) => d.code)).toEqual(['EVALC_DATASET_OFFLINE']);
    const online = errors(await load(dir));
    expect(online.map((d) => d.code)).toEqual(['EVALC_DATASET_FETCH']);
    expect(online[0]?.message).toContain('HTTP 404');
  });

  it('follows a redirect', async () => {
    const dir = writeFiles({ 'evalc.yaml': planWith(`      web: { source: ${server.url}/moved.jsonl }`) });
    const r = await load(dir);
    expect(r.diagnostics).toEqual([]);
    expect(r.resolved?.datasets[0]?.sha256).toBe(sha);
  });

  it('refuses plain http to anything but loopback', async () => {
    const dir = writeFiles({
      'evalc.yaml': planWith('      web: { source: "http://example.com/data.jsonl" }'),
    });
    expect(errors(await load(dir)).map((d) => d.code)).toEqual(['EVALC_DATASET_INSECURE']);
  });
});
