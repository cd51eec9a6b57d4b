#!/usr/bin/env node
/**
 * Bundles the built CLI (dist/cli/main.js, from `tsc`) and its dependencies into one file,
 * dist/evalc.mjs: the `evalc` binary. Node 20 has no module compile cache, and resolving and
 * loading ~160 modules of our own plus the dependencies' files was most of every command's
 * start-up (benchmarks/apply/README.md); one file loads in about two thirds of the time.
 * Dependencies stay in package.json `dependencies` (the library entry, dist/index.js, imports them).
 *
 * The bundle is built as CommonJS and embedded in dist/evalc.mjs behind a small ES module loader
 * (scripts/embed-bundle.mjs, scripts/code-cache-loader.mjs) that compiles it through `node:vm`
 * with a V8 code cache, dist/evalc.code-cache, made here by running the fresh binary once
 * (scripts/code-cache-train.mjs): every command skips parsing the program and compiling the
 * functions it runs (benchmarks/start-up/README.md).
 *
 * Node compiles the whole file before running a line of it, and runs every module a command
 * imports, so two dependencies are bundled without the parts evalc never calls
 * (benchmarks/start-up/README.md):
 * - undici: evalc uses `Pool`, `Agent`, `request` and `buildConnector`; its index also loads fetch, WebSocket,
 *   EventSource, the cache stores, cookies and the mock agents (~1 MB, ~25 ms of every start).
 *   `undici` is read from `undiciEntry()`: those four built as undici's index builds them.
 * - zod: its 40-odd message locales (~400 kB) are reachable from `z.locales`, which evalc never
 *   reads; only `en` (zod's default, set by zod itself) is kept.
 * Whitespace and syntax are minified (identifiers are not: stack traces keep their names).
 */
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { writeCodeCache } from './code-cache-train.mjs';
import { embedBundle } from './embed-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The folder tsc wrote (`node scripts/bundle.mjs <folder>`; scripts/build.mjs passes its staging folder), else dist/. */
const out = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
const require = createRequire(path.join(root, 'package.json'));

/**
 * `Pool`, `Agent` and `request` as undici's index.js defines them: the dispatcher API mixed into
 * `Dispatcher.prototype`, and `request` made by the index's own `makeDispatcher` (copied from
 * the installed version's source at build time; the build fails if its shape changed).
 */
function undiciEntry() {
  const dir = path.dirname(require.resolve('undici'));
  const index = readFileSync(path.join(dir, 'index.js'), 'utf8');
  const makeDispatcher = /\nfunction makeDispatcher \(fn\) \{\n[\s\S]*?\n\}\n/.exec(index)?.[0];
  const expected = [
    "const Dispatcher = require('./lib/dispatcher/dispatcher')",
    "const Pool = require('./lib/dispatcher/pool')",
    "const Agent = require('./lib/dispatcher/agent')",
    "const buildConnector = require('./lib/core/connect')",
    "const api = require('./lib/api')",
    'Object.assign(Dispatcher.prototype, api)',
    'module.exports.request = makeDispatcher(api.request)',
  ];
  const missing = expected.filter((line) => !index.includes(line));
  if (!makeDispatcher || missing.length > 0)
    throw new Error(
      `bundle: undici's index.js changed shape (${missing.join('; ') || 'makeDispatcher'}): update undiciEntry() in scripts/bundle.mjs`,
    );
  const at = (file) => JSON.stringify(path.join(dir, file));
  return `'use strict'
const Dispatcher = require(${at('lib/dispatcher/dispatcher.js')})
const Pool = require(${at('lib/dispatcher/pool.js')})
const Agent = require(${at('lib/dispatcher/agent.js')})
const util = require(${at('lib/core/util.js')})
const { InvalidArgumentError } = require(${at('lib/core/errors.js')})
const api = require(${at('lib/api/index.js')})
const { getGlobalDispatcher } = require(${at('lib/global.js')})
Object.assign(Dispatcher.prototype, api)
module.exports.Pool = Pool
module.exports.Agent = Agent
module.exports.buildConnector = require(${at('lib/core/connect.js')})
${makeDispatcher}
module.exports.request = makeDispatcher(api.request)
`;
}

/** Serves `undici` and zod's locale index from the trimmed entries above. */
const trimDependencies = {
  name: 'evalc-trim-dependencies',
  setup(b) {
    b.onResolve({ filter: /^undici$/ }, () => ({ path: 'undici', namespace: 'evalc-undici' }));
    b.onLoad({ filter: /.*/, namespace: 'evalc-undici' }, () => ({
      contents: undiciEntry(),
      loader: 'js',
      resolveDir: root,
    }));
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|core)$/.test(args.resolveDir)
        ? { path: path.join(args.resolveDir, '../locales/index.js'), namespace: 'evalc-zod-locales' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'evalc-zod-locales' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(path.join(path.dirname(args.path), 'en.js'))};\n`,
      loader: 'js',
      resolveDir: path.dirname(args.path),
    }));
  },
};

/**
 * The CommonJS build runs in a `vm.Script`, where `import()` would need an import hook Node 20 only
 * has behind a flag: a dynamic import of a Node built-in (`import('node:zlib')`, loaded only for
 * compressed replies) becomes a `require` of it, still loaded when first used.
 */
const dynamicBuiltins = {
  name: 'evalc-dynamic-builtins',
  setup(b) {
    b.onResolve({ filter: /^node:/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: args.path, namespace: 'evalc-builtin' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'evalc-builtin' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});\n`,
      loader: 'js',
    }));
  },
};

const bin = path.join(out, 'evalc.mjs');
const result = await build({
  entryPoints: [path.join(out, 'cli/main.js')],
  outfile: bin,
  // Module names in the bundle are relative to the folder tsc wrote, not to the repo: they named
  // scripts/build.mjs's staging folder, dist.build-<pid>/, so no two builds gave the same binary.
  absWorkingDir: out,
  write: false,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20.18',
  // The loader passes the binary's own URL (src/cli/schema.ts finds schemas/ from it).
  define: { 'import.meta.url': '__evalcImportMetaUrl' },
  plugins: [trimDependencies, dynamicBuiltins],
  // Less text to compile at every start (~10 ms); names are kept, so stack traces still name functions.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
});
const program = result.outputFiles[0].text;
const dynamicImport = /\bimport\(\s*["'`]/.exec(program);
if (dynamicImport)
  throw new Error(
    `bundle: an import() is left in the CommonJS build (only node: built-ins are turned into require): ${program.slice(dynamicImport.index, dynamicImport.index + 60)}`,
  );
writeFileSync(
  bin,
  embedBundle(readFileSync(path.join(root, 'scripts/code-cache-loader.mjs'), 'utf8'), program),
);
chmodSync(bin, 0o755);
await writeCodeCache(bin, path.join(out, 'evalc.code-cache'));
