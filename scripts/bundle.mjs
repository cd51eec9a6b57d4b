#!/usr/bin/env node
/**
 * Bundles the built CLI (dist/cli/main.js, from `tsc`) and its dependencies into one ESM file,
 * dist/evalc.mjs: the `evalc` binary. Node 20 has no module compile cache, and resolving and
 * loading ~160 modules of our own plus the dependencies' files was most of every command's
 * start-up (benchmarks/apply/README.md); one file loads in about two thirds of the time.
 * Dependencies stay in package.json `dependencies` (the library entry, dist/index.js, imports them).
 *
 * Node compiles the whole file before running a line of it, and runs every module a command
 * imports, so two dependencies are bundled without the parts evalc never calls
 * (benchmarks/start-up/README.md):
 * - undici: evalc uses `Pool`, `Agent` and `request`; its index also loads fetch, WebSocket,
 *   EventSource, the cache stores, cookies and the mock agents (~1 MB, ~25 ms of every start).
 *   `undici` is read from `undiciEntry()`: those three built as undici's index builds them.
 * - zod: its 40-odd message locales (~400 kB) are reachable from `z.locales`, which evalc never
 *   reads; only `en` (zod's default, set by zod itself) is kept.
 * Whitespace and syntax are minified (identifiers are not: stack traces keep their names).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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

await build({
  entryPoints: [path.join(root, 'dist/cli/main.js')],
  outfile: path.join(root, 'dist/evalc.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.18',
  // CommonJS dependencies call require(); in an ES module it has to be made.
  banner: {
    js: "import { createRequire as __evalcRequire } from 'node:module';\nconst require = __evalcRequire(import.meta.url);",
  },
  plugins: [trimDependencies],
  // Less text to compile at every start (~10 ms); names are kept, so stack traces still name functions.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
});
