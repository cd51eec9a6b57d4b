#!/usr/bin/env node
/**
 * Bundles the built CLI (dist/cli/main.js, from `tsc`) and its dependencies into one ESM file,
 * dist/evalc.mjs: the `evalc` binary. Node 20 has no module compile cache, and resolving and
 * loading ~160 modules of our own plus the dependencies' files was most of every command's
 * start-up (benchmarks/apply/README.md); one file loads in about two thirds of the time.
 * Dependencies stay in package.json `dependencies` (the library entry, dist/index.js, imports them).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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
  legalComments: 'none',
  logLevel: 'warning',
});
