/**
 * Makes the text of the `evalc` binary, dist/evalc.mjs: the loader (scripts/code-cache-loader.mjs)
 * followed by the program — esbuild's CommonJS build of the CLI, wrapped as a function of
 * `(exports, require, module, __filename, __dirname, __evalcImportMetaUrl)` — inside one block
 * comment. Node's ES module compile skips a comment in a few milliseconds; the loader reads the
 * program back and compiles it through `node:vm` with a V8 code cache. One file, as before: a copy
 * of dist/evalc.mjs alone still runs (without the cache).
 *
 * A block comment ends at the first star-slash, which minified code holds in strings and regular
 * expressions (a MIME type `*` `/` `*`, a regex ending `.*` `/g`): there the `/` is written as `\`
 * and its byte offset listed in the comment's header line, for the loader to put back. Every other
 * character stays where it is, so the program's positions are the file's (the loader compiles it
 * with the header's line offset).
 */

const MARKER = '/*evalc-bundle 1 ';
const PARAMS = 'exports, require, module, __filename, __dirname, __evalcImportMetaUrl';

/** The binary's text from the loader's source and esbuild's CommonJS output. */
export function embedBundle(loader, cjs) {
  const code = cjs.startsWith('#!') ? cjs.slice(cjs.indexOf('\n') + 1) : cjs;
  if (!code.startsWith('"use strict";'))
    throw new Error('bundle: the CommonJS build does not start with "use strict" (ES module semantics)');
  let program = `(function (${PARAMS}) {${code}\n})`;
  const patched = [];
  for (let at = program.indexOf('*/'); at !== -1; at = program.indexOf('*/', at + 2)) {
    patched.push(Buffer.byteLength(program.slice(0, at + 1)));
    program = `${program.slice(0, at + 1)}\\${program.slice(at + 2)}`;
  }
  const text = `#!/usr/bin/env node\n${loader.trimEnd()}\n${MARKER}${patched.join(',')}\n${program}*/\n`;
  if (text.indexOf(`\n${MARKER}`) !== text.lastIndexOf(`\n${MARKER}`))
    throw new Error('bundle: the program contains the bundle marker line');
  return text;
}
