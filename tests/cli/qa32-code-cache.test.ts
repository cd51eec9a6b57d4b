/**
 * QA32: dist/evalc.mjs is a small ES module loader followed by the program (a CommonJS build, in a
 * comment) that it compiles through `node:vm` with the V8 code cache made at build time beside it,
 * dist/evalc.code-cache (scripts/bundle.mjs, scripts/code-cache-loader.mjs). The cache must be
 * used by the binary as built, and anything else — no cache, garbage, a truncated one, one for
 * another build or Node, EVALC_NO_CODE_CACHE=1 — must run the same command with the same output.
 * V8 only compares a cache's source length, so a cache of another program of the same length would
 * run that program's bytecode: the loader checks the file's sha256 first. Stack frames name the
 * binary's own lines and columns. `NODE_DEBUG=evalc` says which way the program was compiled.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedBundle } from '../../scripts/embed-bundle.mjs';
import { writeFiles } from '../compiler/plan-helpers.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { CLI, REPO_ROOT, spawnCliAsync } from './run-cli.js';

const temp = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa32-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const CACHE = path.join(path.dirname(CLI), 'evalc.code-cache');

const PLAN = `evalc: 1
benchmark: { id: qa32, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:9 }
tasks:
  t:
    bindings:
      default:
        input: { query: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { examples: [{ id: e1, vars: { q: a }, expected: { answer: a } }, { id: e2, vars: { q: b } }] }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
`;
const work = writeFiles({ 'evalc.yaml': PLAN }, 'evalc-qa32-plan-');
afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(bin: string, args: string[], env: Record<string, string> = {}, cwd = work) {
  const child = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { code: child.status, stdout: child.stdout, stderr: child.stderr };
}

/** The debug lines of the loader (NODE_DEBUG=evalc) apart from the command's own stderr. */
function split(stderr: string): { debug: string[]; rest: string } {
  const lines = stderr.split('\n');
  return {
    debug: lines.filter((l) => /^EVALC \d+: /.test(l)).map((l) => l.replace(/^EVALC \d+: /, '')),
    rest: lines.filter((l) => !/^EVALC \d+: /.test(l)).join('\n'),
  };
}

/** A copy of the built binary in its own folder, with `cache` (bytes) beside it unless undefined. */
function copyWithCache(name: string, cache: Buffer | undefined): string {
  const dir = path.join(temp, name);
  mkdirSync(dir);
  const bin = path.join(dir, 'evalc.mjs');
  copyFileSync(CLI, bin);
  if (cache) writeFileSync(path.join(dir, 'evalc.code-cache'), cache);
  return bin;
}

const stampOf = (file: Buffer, version = process.version) =>
  `evalc-code-cache 1 ${createHash('sha256').update(file).digest('hex')} ${version} ${process.arch}\n`;

describe('the built binary', () => {
  it('compiles its program from the code cache written beside it at build time', () => {
    const result = run(CLI, ['validate', 'evalc.yaml'], { NODE_DEBUG: 'evalc' });
    expect(result.code).toBe(0);
    expect(split(result.stderr)).toEqual({ debug: ['code cache: used'], rest: '' });
    expect(result.stdout).toBe('evalc.yaml: valid (2 examples, 1 agent × task × dataset group)\n');
    // The cache names this very file, this Node and this architecture in its first line.
    const cache = readFileSync(CACHE);
    expect(cache.subarray(0, cache.indexOf(10) + 1).toString('latin1')).toBe(stampOf(readFileSync(CLI)));
  });

  const real = () => readFileSync(CACHE);
  const header = () => real().subarray(0, real().indexOf(10) + 1);
  const cases: [string, () => Buffer | undefined, string][] = [
    ['no cache beside it', () => undefined, 'not read (ENOENT'],
    ['a garbage cache', () => Buffer.from('not a code cache at all\n\0\x01\x02'), 'is not for this build'],
    ['an empty cache', () => Buffer.alloc(0), 'is not for this build'],
    [
      'a truncated cache (its header intact)',
      () => real().subarray(0, header().length + Math.floor((real().length - header().length) / 2)),
      'rejected by V8',
    ],
    [
      'a cache of another build (another sha256)',
      () =>
        Buffer.concat([
          Buffer.from(`evalc-code-cache 1 ${'0'.repeat(64)} ${process.version} ${process.arch}\n`),
          real().subarray(header().length),
        ]),
      'is not for this build',
    ],
    [
      'a cache of another Node version',
      () =>
        Buffer.concat([Buffer.from(stampOf(readFileSync(CLI), 'v20.0.0')), real().subarray(header().length)]),
      'is not for this build',
    ],
  ];
  it.each(cases)('runs the same command with %s, and says why it compiled without it', (name, cache, why) => {
    const bin = copyWithCache(name.replace(/\W+/g, '-'), cache());
    const reference = run(CLI, ['validate', 'evalc.yaml']);
    const plain = run(bin, ['validate', 'evalc.yaml']);
    expect(plain).toEqual(reference);
    const debugged = run(bin, ['validate', 'evalc.yaml'], { NODE_DEBUG: 'evalc' });
    const { debug, rest } = split(debugged.stderr);
    expect(debug).toHaveLength(1);
    expect(debug[0]).toContain(why);
    expect({ ...debugged, stderr: rest }).toEqual(reference);
  });

  it('does not read the cache with EVALC_NO_CODE_CACHE=1, and does with EVALC_NO_CODE_CACHE=0', () => {
    const off = run(CLI, ['validate', 'evalc.yaml'], { NODE_DEBUG: 'evalc', EVALC_NO_CODE_CACHE: '1' });
    expect(split(off.stderr)).toEqual({ debug: ['code cache: off (EVALC_NO_CODE_CACHE)'], rest: '' });
    expect(off.stdout).toBe(run(CLI, ['validate', 'evalc.yaml']).stdout);
    const on = run(CLI, ['validate', 'evalc.yaml'], { NODE_DEBUG: 'evalc', EVALC_NO_CODE_CACHE: '0' });
    expect(split(on.stderr).debug).toEqual(['code cache: used']);
  });

  it('runs under other V8 flags, whose cache V8 rejects', () => {
    const child = spawnSync(process.execPath, ['--stack-size=900', CLI, 'validate', 'evalc.yaml'], {
      cwd: work,
      env: { PATH: process.env.PATH ?? '', NODE_DEBUG: 'evalc' },
      encoding: 'utf8',
    });
    expect(child.status).toBe(0);
    expect(split(child.stderr).debug).toEqual([`code cache: rejected by V8 (other V8 flags?): ${CACHE}`]);
    expect(child.stdout).toBe('evalc.yaml: valid (2 examples, 1 agent × task × dataset group)\n');
  });
});

describe('a gzip-encoded remote dataset through the binary', () => {
  let server: Loopback;
  beforeAll(async () => {
    server = await startLoopback((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/jsonl', 'content-encoding': 'gzip' });
      res.end(
        gzipSync(
          ['r1', 'r2', 'r3']
            .map((id) => `{"id":"${id}","vars":{"q":"a"},"expected":{"answer":"a"}}\n`)
            .join(''),
        ),
      );
    });
  });
  afterAll(() => server.close());

  // The CommonJS build turns `import('node:zlib')` into a require (vm scripts have no import hook).
  it('is decoded (node:zlib is loaded when first needed)', async () => {
    const dir = writeFiles(
      { 'evalc.yaml': PLAN.replace(/d: \{ examples: .*\}\n/, `d: { source: "${server.url}/d.jsonl" }\n`) },
      'evalc-qa32-gzip-',
    );
    try {
      // Not spawnSync: the dataset server answers from this process.
      const result = await spawnCliAsync(['validate', 'evalc.yaml'], { cwd: dir });
      expect(result.stderr).toBe('');
      expect(result.stdout).toBe('evalc.yaml: valid (3 examples, 1 agent × task × dataset group)\n');
      expect(result.code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a program embedded by scripts/embed-bundle.mjs', () => {
  const loader = readFileSync(path.join(REPO_ROOT, 'scripts/code-cache-loader.mjs'), 'utf8');
  // A glob with two star-slashes (they would end the comment) before the throw, on the same line.
  const program = (greeting: string) =>
    `"use strict";const glob="a/*/b*/c";function greet(){return "${greeting}"}\n` +
    `function boom(){throw new Error("boom "+glob)}\n` +
    `console.log(greet());if(process.argv[2]==="boom")boom();\n`;
  const tiny = (name: string, greeting: string) => {
    const dir = path.join(temp, name);
    mkdirSync(dir);
    const bin = path.join(dir, 'bin.mjs');
    writeFileSync(bin, embedBundle(loader, program(greeting)));
    return bin;
  };

  it("names the binary's own line and column in stack frames, with and without a cache", () => {
    const bin = tiny('frames', 'hello');
    const text = readFileSync(bin, 'utf8');
    expect(text).not.toContain('a/*/b*/c');
    const lines = text.split('\n');
    const line = lines.findIndex((l) => l.includes('throw new Error("boom')) + 1;
    const column = (lines[line - 1] ?? '').indexOf('new Error') + 1;
    const frame = `at boom (file://${bin}:${line}:${column})`;

    const plain = run(bin, ['boom']);
    expect(plain.code).toBe(1);
    expect(plain.stdout).toBe('hello\n');
    expect(plain.stderr).toContain('Error: boom a/*/b*/c\n');
    expect(plain.stderr).toContain(frame);

    const made = run(bin, [], { EVALC_CODE_CACHE_OUT: path.join(path.dirname(bin), 'evalc.code-cache') });
    expect(made).toEqual({ code: 0, stdout: 'hello\n', stderr: '' });
    const cached = run(bin, ['boom'], { NODE_DEBUG: 'evalc' });
    expect(split(cached.stderr).debug).toEqual(['code cache: used']);
    expect(cached.stderr).toContain(frame);
  });

  it('ignores the cache of another program of the same length, whose bytecode V8 would run', () => {
    const bin = tiny('stale', 'hello');
    const cacheFile = path.join(path.dirname(bin), 'evalc.code-cache');
    expect(run(bin, [], { EVALC_CODE_CACHE_OUT: cacheFile }).stdout).toBe('hello\n');
    const made = readFileSync(cacheFile);
    const v8Data = made.subarray(made.indexOf(10) + 1);
    writeFileSync(bin, embedBundle(loader, program('HELLO')));

    const stale = run(bin, [], { NODE_DEBUG: 'evalc' });
    expect(stale.stdout).toBe('HELLO\n');
    expect(split(stale.stderr).debug[0]).toContain('is not for this build');
    // Why the sha256: the same data under a header naming the edited file, and V8 runs the old code.
    writeFileSync(cacheFile, Buffer.concat([Buffer.from(stampOf(readFileSync(bin))), v8Data]));
    const forged = run(bin, [], { NODE_DEBUG: 'evalc' });
    expect(split(forged.stderr).debug).toEqual(['code cache: used']);
    expect(forged.stdout).toBe('hello\n');
  });
});
