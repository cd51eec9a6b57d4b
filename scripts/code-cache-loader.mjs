/**
 * The head of the `evalc` binary, dist/evalc.mjs (scripts/bundle.mjs puts it there; it does not run
 * from scripts/). The program itself follows this code in the same file, inside one block comment
 * (scripts/embed-bundle.mjs): a CommonJS build of the bundle wrapped as a function. Node compiles
 * the comment as nothing; this code reads the file back, compiles the program with `node:vm` and
 * runs it, handing V8 the code cache written beside the binary at build time (dist/evalc.code-cache,
 * scripts/code-cache-train.mjs): with it V8 skips parsing the 2 MB program and compiling the
 * functions the build's training apply ran (Node 20 has no module compile cache; README "Install").
 *
 * The cache is used only when its header names this exact file (sha256 of its bytes), this Node and
 * this architecture; V8 itself rejects a cache from other V8 flags. Anything else (no cache, a
 * stale, truncated or garbage one, EVALC_NO_CODE_CACHE=1) compiles the program from its text, with
 * the same behaviour. `NODE_DEBUG=evalc` says on stderr which happened. The program's frames in
 * stack traces name this file, at its real lines and columns.
 *
 * EVALC_CODE_CACHE_OUT=FILE (for the build): compile without a cache and, when the command ends,
 * write the code cache of everything it ran to FILE (a temporary file renamed into place).
 */
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { debuglog } from 'node:util';
import vm from 'node:vm';

const self = fileURLToPath(import.meta.url);
const log = debuglog('evalc');
const cacheFile = path.join(path.dirname(self), 'evalc.code-cache');
const cacheOut = process.env.EVALC_CODE_CACHE_OUT;

/**
 * This file's program, compiled: with the cache when it is this file's, and the cache's header line
 * for EVALC_CODE_CACHE_OUT. The file's bytes and the cache are local: garbage once compiled.
 */
function compileProgram() {
  const bytes = readFileSync(self);
  // The comment's header line: `/*evalc-bundle 1 <offsets>`, the byte offsets in the program where
  // a `/` that would have ended the comment (`*/`) was replaced; they are put back, so every
  // character of the program keeps its position in the file. (The marker is built here so as not
  // to match itself.)
  const marker = `\n/*${'evalc-bundle'} 1 `;
  const start = bytes.indexOf(marker);
  const headerEnd = bytes.indexOf(10, start + 1);
  const end = bytes.length - 3;
  if (start === -1 || headerEnd === -1 || bytes.toString('latin1', end) !== '*/\n')
    throw new Error(`${self}: the program is missing from this file: rebuild evalc`);
  // The program's first line is the file's line after the header: its frames name the file's lines.
  let lineOffset = 0;
  for (let i = 0; i <= headerEnd; i++) if (bytes[i] === 10) lineOffset++;
  // The cache's header line names this file as it is on disk (hashed before the patches go back).
  const stamp =
    cacheOut || cacheWanted()
      ? `evalc-code-cache 1 ${createHash('sha256').update(bytes).digest('hex')} ${process.version} ${process.arch}\n`
      : '';
  const cachedData = cacheOut || !stamp ? undefined : readCodeCache(stamp);
  const begin = headerEnd + 1;
  const patched = bytes.toString('latin1', start + marker.length, headerEnd);
  for (const at of patched === '' ? [] : patched.split(',')) bytes[begin + Number(at)] = 0x2f;
  const script = new vm.Script(bytes.toString('utf8', begin, end), {
    filename: import.meta.url,
    lineOffset,
    cachedData,
  });
  if (cachedData)
    log(
      'code cache: %s',
      script.cachedDataRejected ? `rejected by V8 (other V8 flags?): ${cacheFile}` : 'used',
    );
  return { script, stamp };
}

function cacheWanted() {
  const off = process.env.EVALC_NO_CODE_CACHE;
  if (!off || off === '0') return true;
  log('code cache: off (EVALC_NO_CODE_CACHE)');
  return false;
}

/** The cache's V8 data when its header line is `stamp` (this file, this Node, this architecture). */
function readCodeCache(stamp) {
  try {
    const cache = readFileSync(cacheFile);
    const eol = cache.indexOf(10);
    if (eol !== -1 && eol < 256 && cache.toString('latin1', 0, eol + 1) === stamp)
      return cache.subarray(eol + 1);
    log('code cache: %s is not for this build, Node or architecture: not used', cacheFile);
  } catch (err) {
    log('code cache: %s not read (%s)', cacheFile, err instanceof Error ? err.message : String(err));
  }
  return undefined;
}

/**
 * The oldest Node evalc runs on: package.json `engines` (tests/cli/qa68-node-version.test.ts keeps
 * them equal). An older Node failed deep inside a command with an internal error and a stack trace
 * (QA68: Node 18's `crypto.hash is not a function` on every `validate`); it is one line and exit 1.
 */
const MIN_NODE = [20, 18, 0];
function nodeTooOld(version) {
  const have = version.split('.').map(Number);
  for (let i = 0; i < MIN_NODE.length; i++)
    if ((have[i] ?? 0) !== MIN_NODE[i]) return (have[i] ?? 0) < MIN_NODE[i];
  return false;
}
if (nodeTooOld(process.versions.node)) {
  const message = `needs Node.js ${MIN_NODE.join('.')} or later (package.json "engines"); this is Node.js ${process.version}`;
  process.stderr.write(`evalc: ${message}\n`);
  // As every refusal under --json / --format json: a result event on stdout too.
  const args = process.argv.slice(2);
  if (
    args.some(
      (a, i) => a === '--json' || a === '--format=json' || (a === '--format' && args[i + 1] === 'json'),
    )
  )
    process.stdout.write(`${JSON.stringify({ event: 'result', exitCode: 1, status: 'refused', message })}\n`);
  process.exit(1);
}

const { script, stamp } = compileProgram();
if (cacheOut)
  process.once('exit', () => {
    const data = script.createCachedData();
    writeFileSync(`${cacheOut}.${process.pid}.tmp`, Buffer.concat([Buffer.from(stamp, 'latin1'), data]));
    renameSync(`${cacheOut}.${process.pid}.tmp`, cacheOut);
  });
const module = { exports: {} };
script
  .runInThisContext()
  .call(
    module.exports,
    module.exports,
    createRequire(self),
    module,
    self,
    path.dirname(self),
    import.meta.url,
  );
