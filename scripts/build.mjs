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

/**
 * Leftovers of builds that were killed (their process is gone). One that cannot be removed (a
 * `sudo npm run build` stopped with Ctrl-C left it owned by root) is named and kept: it threw,
 * and every later build stopped there with a stack trace (QA157).
 */
function removeDeadStages() {
  for (const name of readdirSync(root)) {
    const m = /^dist\.(?:build|old)-(\d+)$/.exec(name);
    if (!m || Number(m[1]) === process.pid || isAlive(Number(m[1]))) continue;
    removeOrSay(path.join(root, name), 'is left from an earlier build');
  }
}

/** Whether process `pid` exists: one of another user cannot be signalled (EPERM), but runs. */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

function removeOrSay(folder, what) {
  try {
    rmSync(folder, { recursive: true, force: true });
  } catch (err) {
    console.error(
      `build: ${path.basename(folder)}/ ${what} and cannot be removed (${err.code}): remove it by hand`,
    );
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
  // The new build is in place: a previous dist/ that cannot be removed fails nothing.
  removeOrSay(old, 'holds the previous build');
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
