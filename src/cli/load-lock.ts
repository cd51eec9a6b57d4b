/** Reads a lockfile named on the command line; a missing or invalid one is a clear exit 1. */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { restorePath } from '../executor/locked-inputs.js';
import { RECREATE_WITH_APPLY } from '../lockfile/check-shape.js';
import { MERGE_THEN_APPLY } from '../lockfile/lock-json-error.js';
import { linkChain } from '../lockfile/read-lock-text.js';
import { readLockFile, SHAPE_ADVICE } from '../lockfile/serialize.js';
import type { Lockfile } from '../lockfile/types.js';
import { withoutUrlCredentials } from '../plan/url-secrets.js';
import { EXIT, ExitError } from './exit-error.js';
import { shellLine } from './shell-word.js';

export function loadLockArgument(cwd: string, file: string, role: string): { lock: Lockfile; file: string } {
  // A folder names its evalc.lock, as a plan folder names its evalc.yaml and `cache prune --lock DIR`
  // its lock (QA51: `report --from plan-dir` said "no lockfile at plan-dir").
  const named = path.resolve(cwd, file);
  const resolved = file !== '' && isFolder(named) ? path.join(named, 'evalc.lock') : named;
  const read = readLockFile(resolved);
  if (!read.ok) {
    // apply writes only an evalc.lock: a missing base.lock was told to run it (QA228, as QA180's shape advice).
    // a link to a missing evalc.lock too, which apply writes through it (QA232: told it writes no l4)
    const own =
      path.basename(resolved) === 'evalc.lock' || path.basename(lastLinkTarget(resolved)) === 'evalc.lock';
    // apply --only's own is written by an --only run (QA232: it was told apply never writes it, as QA192's damaged one);
    // a link to a missing one too (QA242: told apply writes no `only.lock`, the link's name).
    const onlyLock = [resolved, lastLinkTarget(resolved)].some(
      (f) => path.basename(f) === 'evalc.only.lock' && path.basename(path.dirname(f)) === '.evalc',
    );
    const hint = !read.missing
      ? ''
      : own
        ? ` (run \`${applyBeside(resolved, cwd)}\` to create it, or check the path)`
        : onlyLock
          ? ` (an \`evalc apply --only …\` run writes it when it ends, or check the path)`
          : ` (check the path: \`evalc apply\` writes only the evalc.lock beside a plan, not ${path.basename(resolved)})`;
    throw new ExitError(
      EXIT.failure,
      `cannot read the ${role} lockfile: ${lockAdvice(resolved, read.message, cwd)}${hint}`,
    );
  }
  const lock = read.lock;
  const missing = ['aggregates', 'groups', 'run'].filter(
    (k) => typeof (lock as unknown as Record<string, unknown>)[k] !== 'object',
  );
  if (missing.length > 0) {
    throw new ExitError(
      EXIT.failure,
      `cannot read the ${role} lockfile: ${resolved} is not an evalc lockfile (missing ${missing.join(', ')})`,
    );
  }
  return { lock: withoutUrlCredentials(lock), file: resolved };
}

/**
 * apply writes only an `evalc.lock`: a baseline saved as base.lock (`git show main:evalc.lock >
 * base.lock`) was told to 'delete it and run `evalc apply` to re-create it', which writes the
 * branch's evalc.lock and leaves base.lock missing (QA180). Such a file is told to be restored.
 * `cache prune` reads its locks with the same words (QA209: it told a base.lock, and apply --only's
 * .evalc/evalc.only.lock, to 'restore it from git, or delete it and run `evalc apply`').
 */
export function lockAdvice(file: string, message: string, cwd: string): string {
  const name = path.basename(file);
  // `git checkout --ours -- <lock>` names the lock from where the command runs (QA209).
  if (name === 'evalc.lock') return message.replace('<lock>', restorePath(file, cwd));
  // One with conflict markers was told to 'run `evalc apply` on the merged plan and commit the lock
  // it writes', which is an evalc.lock: the side kept is the baseline (QA209).
  if (message.endsWith(MERGE_THEN_APPLY))
    return `${message.slice(0, -MERGE_THEN_APPLY.length).replace('<lock>', restorePath(file, cwd))} and commit it: \`evalc apply\` writes only the evalc.lock beside a plan, not ${name}`;
  // A base.lock from a newer evalc: upgrading is the way out (QA180).
  if (message.endsWith(RECREATE_WITH_APPLY)) return message.slice(0, -RECREATE_WITH_APPLY.length);
  if (!message.endsWith(SHAPE_ADVICE)) return message;
  // apply --only's own (QA192: it was told apply writes only an evalc.lock, and .evalc/ is not in git).
  if (name === 'evalc.only.lock' && path.basename(path.dirname(file)) === '.evalc')
    return `${message.slice(0, -SHAPE_ADVICE.length)} (delete it and run \`evalc apply --only …\` again to re-create it)`;
  return `${message.slice(0, -SHAPE_ADVICE.length)} (restore it from git or from where it came from: \`evalc apply\` writes only the evalc.lock beside a plan, not ${name})`;
}

/**
 * The apply that writes a missing evalc.lock: its folder's plan, named from where the command runs
 * (QA245: `evalc diff sub/evalc.lock base.lock` was told `evalc apply`, which applies ./evalc.yaml,
 * 'no plan in this folder'). Through a link, the folder it leads to; a plan named evalc.yml is named
 * whole (`evalc apply sub/evalc.yml`); a folder with neither (a plan of another name, or a mistyped
 * path) keeps `evalc apply`, beside 'or check the path'.
 */
function applyBeside(lock: string, cwd: string): string {
  let at = lock;
  try {
    for (const target of linkChain(lock)) at = path.resolve(path.dirname(at), target);
  } catch {
    // not a link
  }
  const folder = path.dirname(at);
  const rel = path.relative(cwd, folder);
  // A plan named evalc.yml, which apply does not read unnamed, is named whole (QA252: `evalc apply`
  // was offered, 'no plan in this folder').
  const plan = existsSync(path.join(folder, 'evalc.yaml'))
    ? rel
    : existsSync(path.join(folder, 'evalc.yml'))
      ? path.join(rel, 'evalc.yml')
      : '';
  if (plan === '') return 'evalc apply';
  return shellLine(['evalc', 'apply', plan.startsWith('-') ? `./${plan}` : plan]);
}

function lastLinkTarget(file: string): string {
  try {
    return linkChain(file).at(-1) ?? '';
  } catch {
    return ''; // not a link
  }
}

function isFolder(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}
