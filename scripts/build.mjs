#!/usr/bin/env node
/**
 * `npm run build`: tsc and the bundle (scripts/bundle.mjs) write a fresh `dist.build-<pid>/`, which
 * then takes the place of `dist/`. The old build stays whole until then, so a command or a test
 * run started meanwhile finds a complete `dist/` (before, the build emptied `dist/` first and it
 * stayed without `evalc.mjs` for the ~40 s of tsc, the bundle and the code cache run). Two builds
 * at once: the later one's `dist/` stays. A failed build leaves `dist/` as it was.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const stage = path.join(root, `dist.build-${process.pid}`);
const tsc = path.join(
  path.dirname(createRequire(path.join(root, 'package.json')).resolve('typescript/package.json')),
  'bin/tsc',
);

/** Leftovers of builds that were killed (their process is gone). */
function removeDeadStages() {
  for (const name of readdirSync(root)) {
    const m = /^dist\.(?:build|old)-(\d+)$/.exec(name);
    if (!m || Number(m[1]) === process.pid) continue;
    try {
      process.kill(Number(m[1]), 0);
    } catch {
      rmSync(path.join(root, name), { recursive: true, force: true });
    }
  }
}

/** `stage` becomes `dist/`; an older `dist/` is moved aside first and removed after. */
function swapIn() {
  const old = path.join(root, `dist.old-${process.pid}`);
  for (let attempt = 0; ; attempt += 1) {
    try {
      renameSync(dist, old);
    } catch (err) {
      if (err.code !== 'ENOENT') throw err;
    }
    try {
      renameSync(stage, dist);
      break;
    } catch (err) {
      // another build put its dist/ in place between the two renames: move that one aside too
      if ((err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') || attempt >= 5) throw err;
      rmSync(old, { recursive: true, force: true });
    }
  }
  rmSync(old, { recursive: true, force: true });
}

removeDeadStages();
rmSync(stage, { recursive: true, force: true });
try {
  const run = (args) => execFileSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  run([tsc, '-p', 'tsconfig.build.json', '--outDir', stage]);
  run([path.join(root, 'scripts/bundle.mjs'), stage]);
  swapIn();
} catch (err) {
  rmSync(stage, { recursive: true, force: true });
  // tsc and the bundle have printed their own errors
  if (err.status === undefined) console.error(`build: ${err.message}`);
  process.exit(1);
}
