import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { deriveKey } from '../compiler/content-key.js';
import { defaultDirs } from '../compiler/load-plan.js';
import { CODE_VERSIONS } from '../compiler/step-keys.js';
import { tryLockCache } from '../executor/cache-lock.js';
import { type SideFileSweep, sideFileStats, sweepSideFiles } from '../executor/cache-side-files.js';
import { LogStore } from '../executor/cache-store.js';
import { irregularLockFile } from '../lockfile/read-lock-text.js';
import { readLockFile } from '../lockfile/serialize.js';
import { suggest } from '../plan/suggest.js';
import { parseCommandArgs, planArgument } from './args.js';
import { commandOptions, commandUsage, nameAfterFlags } from './command-help.js';
import type { CommandContext } from './context.js';
import { countSaid } from './count-said.js';
import { EXIT, ExitError } from './exit-error.js';
import { lockAdvice } from './load-lock.js';
import { SHARED_CACHE_ADVICE, sharedCacheRisk } from './shared-cache-prune.js';
import { shellLine } from './shell-word.js';
import { asLongFlag } from './short-flag.js';

const USAGE = commandUsage('cache');

/**
 * What `evalc cache` got instead of its subcommand, with the way to write it, as the top-level
 * command line says (QA188): a near miss (`cache stat`) names the subcommand, a flag before it
 * (`cache --json stats`) goes after it.
 */
function noSubcommand(sub: string | undefined, rest: string[]): string {
  if (sub === undefined) return 'cache needs stats or prune';
  const got = `cache needs stats or prune first, got "${sub}"`;
  // A flag's value is no subcommand: `cache --cache-dir prune stats` read `cache prune --cache-dir stats` (QA199).
  const at = nameAfterFlags(sub, rest, (a) => a === 'stats' || a === 'prune');
  const longSub = asLongFlag(sub, Object.keys(commandOptions('cache')));
  if (sub.startsWith('-') && at !== -1)
    // What came after the subcommand stays: `cache --lock a.lock prune --dry-run` read
    // `evalc cache prune --lock a.lock`, which prunes (QA193).
    return `${got}: ${sub} goes after it${longSub === sub ? '' : `, as ${longSub}`}, evalc cache ${shellLine([rest[at]!, longSub, ...rest.slice(0, at), ...rest.slice(at + 1)])}`;
  const near = sub.startsWith('-') ? undefined : suggest(sub, ['stats', 'prune']);
  return near === undefined ? got : `${got} (did you mean ${near}?)`;
}

export async function cacheCommand(ctx: CommandContext): Promise<number> {
  const [sub, ...rest] = ctx.args;
  // The subcommand comes first; a bare `evalc cache`, `cache frob` or `cache --json` said only
  // the usage line, naming nothing (QA183).
  if (sub !== 'stats' && sub !== 'prune')
    throw new ExitError(EXIT.usage, `${noSubcommand(sub, rest)}\nusage: ${USAGE}`);
  // `cache stats -force` was offered --force, which stats refuses (QA243): prune's flags single-dash
  // are named as prune's, as `plan -locked` is apply's.
  if (sub === 'stats') {
    const own = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
    for (const word of own) {
      const flag = /^-(lock|dry-run|force)(=|$)/.exec(word)?.[1];
      if (flag !== undefined)
        throw new ExitError(
          EXIT.usage,
          `Unknown option '${word.slice(0, 2)}' (in ${word}): cache stats takes no --${flag}, it is a flag of cache prune\nusage: ${USAGE}`,
        );
    }
  }
  // One [plan] at most: `cache stats a b` read a's cache and ignored b (QA36), as every other command refuses it.
  const { values, positionals } = parseCommandArgs(rest, commandOptions('cache'), USAGE, 1);
  // --lock and --dry-run are prune's: `cache stats --dry-run` was accepted and meant nothing (QA36).
  if (sub === 'stats')
    for (const flag of ['lock', 'dry-run', 'force'])
      if (values[flag] !== undefined)
        throw new ExitError(EXIT.usage, `--${flag} is a flag of cache prune, not stats\nusage: ${USAGE}`);
  // [plan] is a plan file or a folder holding evalc.yaml, as for every other command.
  const planFile = path.resolve(ctx.cwd, planArgument(positionals, ctx.cwd));
  const dirs = defaultDirs(planFile, ctx.env);
  const cacheDir =
    typeof values['cache-dir'] === 'string' ? path.resolve(ctx.cwd, values['cache-dir']) : dirs.cacheDir;
  if (!existsSync(cacheDir)) throw new ExitError(EXIT.failure, `no cache at ${cacheDir}`);
  // While an apply writes this cache, stats read it as it is (a torn tail may be its line in
  // progress) and prune refuses (a --dry-run only reads): both would otherwise race the writer
  // (executor/cache-lock.ts).
  const lock = tryLockCache(cacheDir);
  if (!lock.ok && lock.blocked && sub === 'prune' && !values['dry-run']) throw lock.blocked;
  if (!lock.ok && sub === 'prune' && !values['dry-run'])
    throw new ExitError(EXIT.failure, `the cache ${cacheDir} is in use by ${lock.holder}; prune it later`);
  // A cache restored read-only (no permission, a read-only file system) can be read, not pruned.
  const denied = lock.ok ? lock.lock.readOnly : undefined;
  if (denied && sub === 'prune' && !values['dry-run']) {
    if (lock.ok) lock.lock.release();
    throw new ExitError(
      EXIT.failure,
      `cannot prune the cache ${cacheDir}: it cannot be written (${denied.code})`,
    );
  }
  // A folder with no step log yet (an apply still starting, or a folder named by mistake) is read
  // as an empty cache: stats and prune never create a log in it (QA42: `cache stats --cache-dir .`
  // left steps.log and steps.crc in the current folder).
  const noLog = !existsSync(path.join(cacheDir, 'steps.log'));
  if (noLog && sub === 'prune' && !values['dry-run']) {
    if (lock.ok) lock.lock.release();
    throw new ExitError(EXIT.failure, `no cache at ${cacheDir} (no steps.log)`);
  }
  const readOnly = !lock.ok || denied !== undefined || values['dry-run'] === true || noLog;
  let store: LogStore;
  try {
    store = new LogStore(cacheDir, { readOnly });
  } catch (err) {
    if (lock.ok) lock.lock.release();
    throw err;
  }
  try {
    if (sub === 'stats') {
      const stats = store.stats();
      const side = sideFileStats(cacheDir);
      const sideFiles = {
        sources: { files: side.sources.removed, bytes: side.sources.bytes },
        schemas: { files: side.schemas.removed, bytes: side.schemas.bytes },
      };
      // The log's checksums (steps.crc) are on disk too: said, so that stats and `du` agree (QA51).
      const checksumBytes = fileSize(path.join(cacheDir, 'steps.crc'));
      if (values.json)
        ctx.stdout(`${JSON.stringify({ ...stats, checksumBytes, sideFiles, exitCode: EXIT.ok }, null, 2)}\n`);
      else {
        ctx.stdout(
          `cache ${path.relative(ctx.cwd, cacheDir) || cacheDir}: ${entriesSaid(stats.entries)}, ${countSaid(stats.bytes, 'byte')}\n`,
        );
        // Notes of why a step last failed are entries of the log, not results (QA159).
        if (stats.failureNotes > 0)
          ctx.stdout(
            `  (${stats.failureNotes === 1 ? '1 of the entries is a note' : `${stats.failureNotes} of the entries are notes`} of why a step last failed, kept for the reports: not results; a prune drops ${stats.failureNotes === 1 ? 'it' : 'them'})\n`,
          );
        if (stats.damagedLines > 0)
          ctx.stdout(
            `  (skipped ${countSaid(stats.damagedLines, 'damaged line')} of steps.log, ${countSaid(stats.damagedBytes, 'byte')}, left in place; the entries after ${stats.damagedLines === 1 ? 'it' : 'them'} are read, and a prune drops ${stats.damagedLines === 1 ? 'it' : 'them'}${stats.corruptEntries > 0 ? `; ${stats.corruptEntries} of ${stats.damagedLines === 1 ? 'it' : 'them'} failed ${stats.corruptEntries === 1 ? 'its checksum: its step runs' : 'their checksum: their steps run'} again` : ''})\n`,
          );
        // The prune of this plan and cache: `cache stats sub` offered `evalc cache prune`, ./evalc.yaml's (QA234).
        const plan = positionals[0];
        const prune = shellLine([
          ...['evalc', 'cache', 'prune'],
          ...(plan === undefined ? [] : [plan.startsWith('-') ? `./${plan}` : plan]),
          ...(typeof values['cache-dir'] === 'string' ? ['--cache-dir', values['cache-dir']] : []),
        ]);
        if (stats.supersededBytes > 0)
          ctx.stdout(
            `  (${countSaid(stats.supersededBytes, 'byte')} ${stats.supersededBytes === 1 ? 'is' : 'are'} entries a later one for the same key replaced: \`${prune}\` frees them)\n`,
          );
        if (stats.lostEntries > 0)
          ctx.stdout(
            `  (steps.crc recorded ${entriesSaid(stats.lostEntries)} past the log's end: ${stats.lostEntries === 1 ? 'it is' : 'they are'} gone, the log was cut short, emptied or replaced by an older copy)\n`,
          );
        if (stats.recoveredTornBytes > 0)
          ctx.stdout(
            `  (${readOnly ? 'left' : 'cut'} a torn last line of ${countSaid(stats.recoveredTornBytes, 'byte')})\n`,
          );
        const kinds = Object.entries(stats.byKind).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        const width = Math.max(10, ...kinds.map(([kind]) => kind.length));
        for (const [kind, k] of kinds)
          ctx.stdout(
            `  ${kind.padEnd(width)} ${String(k.entries).padStart(8)} ${(k.entries === 1 ? 'entry' : 'entries').padEnd(7)} ${String(k.bytes).padStart(12)} ${k.bytes === 1 ? 'byte' : 'bytes'}\n`,
          );
        if (checksumBytes > 0)
          ctx.stdout(
            `  ${'steps.crc'.padEnd(width)} ${' '.repeat(16)} ${String(checksumBytes).padStart(12)} bytes\n`,
          );
        // Beside the log: downloaded remote datasets and RAIP schemas (a prune keeps what locks reach).
        for (const [name, f] of Object.entries(sideFiles))
          if (f.files > 0)
            ctx.stdout(
              `  ${`${name}/`.padEnd(width)} ${String(f.files).padStart(8)} ${(f.files === 1 ? 'file' : 'files').padEnd(7)} ${String(f.bytes).padStart(12)} ${f.bytes === 1 ? 'byte' : 'bytes'}\n`,
            );
      }
      return EXIT.ok;
    }
    const lockFiles = pruneLockFiles(
      values.lock as unknown as string[] | undefined,
      positionals.length > 0,
      dirs,
      ctx.cwd,
    );
    const reachable = new Set<string>();
    const datasetSha256 = new Set<string>();
    const schemaDigests = new Set<string>();
    for (const file of lockFiles) {
      const named = lockFileOf(path.resolve(ctx.cwd, file));
      // A FIFO in the plan's own lock's place hung the read (QA201), named with --lock too, as
      // `--lock evalc.lock` or `--lock .` (QA212); any other lock named with --lock is read as given.
      // The same file through a linked folder (`--lock ../alias/evalc.lock`) is the plan's own too (QA216).
      const own = [dirs.lockFile, dirs.onlyLockFile].some((f) => sameFile(f, named))
        ? irregularLockFile(named)
        : undefined;
      if (own) throw new ExitError(EXIT.failure, own);
      const read = readLockFile(named);
      if (!read.ok)
        throw new ExitError(
          EXIT.failure,
          `${lockAdvice(named, read.message, ctx.cwd)}; prune keeps what the lockfile(s) reach, so it needs one`,
        );
      for (const r of read.lock.results) {
        const outputDigest = read.lock.groups[r.group]?.outputDigest;
        for (const k of r.invoke) {
          if (!k) continue;
          reachable.add(k);
          if (outputDigest) reachable.add(deriveKey('extract', CODE_VERSIONS.extract, outputDigest, [k]));
        }
        for (const m of Object.values(r.metrics))
          for (const k of m.keys ?? (m.key ? [m.key] : [])) reachable.add(k);
      }
      for (const a of Object.values(read.lock.agents))
        if (a.schemaDigest) {
          reachable.add(`schema:${a.schemaDigest}`);
          schemaDigests.add(a.schemaDigest);
        }
      for (const d of Object.values(read.lock.datasets)) datasetSha256.add(d.sha256);
    }
    // A lockfile of another cache (or a cache of another lockfile) has everything pruned: say so.
    let reached = 0;
    for (const key of reachable) if (store.has(key)) reached++;
    const entries = store.stats().entries;
    const named = lockFiles.map((f) => path.relative(ctx.cwd, path.resolve(ctx.cwd, f)) || f).join(', ');
    if (reached === 0 && entries > 0)
      ctx.stderr(
        `evalc: warning: ${entries === 1 ? 'the 1 entry' : `none of the ${entries} entries`} of ${cacheDir} is ${entries === 1 ? 'not ' : ''}reached by ${named}: was it applied with this cache (--cache-dir, EVALC_CACHE_DIR)? For a shared cache, name every plan's lock with --lock\n`,
      );
    // A cache other plans may share, pruned to this plan's own locks (QA55): refused, or warned of.
    let going = 0;
    for (const key of store.keys()) if (!reachable.has(key)) going++;
    const risk = sharedCacheRisk({
      cacheDir,
      ownCacheDir: path.join(dirs.stateDir, 'cache'),
      locksNamed: ((values.lock as unknown as string[] | undefined) ?? []).length > 0,
      force: values.force === true,
      named,
      going,
      cwd: ctx.cwd,
    });
    if (risk && !values['dry-run'])
      throw new ExitError(EXIT.failure, `${risk}; nothing was pruned: ${SHARED_CACHE_ADVICE}`);
    if (risk)
      ctx.stderr(
        `evalc: warning: ${risk}; without --lock or --force a prune refuses: ${SHARED_CACHE_ADVICE}\n`,
      );
    if (values['dry-run']) {
      // An apply writing now adds entries its lock does not reach yet: they count as going.
      if (!lock.ok)
        ctx.stderr(
          `evalc: the cache is in use by ${lock.holder}: entries it is writing are counted as going until its lockfile is written\n`,
        );
      let removed = 0;
      let kept = 0;
      // What the rewritten log would hold: the kept entries' lines (superseded and damaged lines go too).
      let bytesAfter = 0;
      for (const key of store.keys()) {
        if (!reachable.has(key)) {
          removed++;
          continue;
        }
        kept++;
        bytesAfter += store.lineBytesOf(key) ?? 0;
      }
      const bytesBefore = store.stats().bytes;
      const side = sweepSideFiles(cacheDir, { datasetSha256, schemaDigests }, true);
      if (values.json)
        ctx.stdout(
          `${JSON.stringify({ dryRun: true, kept, removed, bytesBefore, bytesAfter, sideFilesRemoved: side.removed, sideBytesRemoved: side.bytes, exitCode: EXIT.ok }, null, 2)}\n`,
        );
      else
        ctx.stdout(
          `would prune ${entriesSaid(removed)}, keep ${kept} (${bytesBefore} → ${countSaid(bytesAfter, 'byte')}; nothing was changed)${damagedSaid(store.stats().damagedLines, 'would drop')}${sideFilesSaid(side, 'would remove')}\n`,
        );
      return EXIT.ok;
    }
    const damaged = store.stats().damagedLines;
    const refresh = lock.ok ? lock.lock.refresh : undefined;
    const result = store.prune((key) => reachable.has(key), refresh ? { heartbeat: refresh } : {});
    const side = sweepSideFiles(cacheDir, { datasetSha256, schemaDigests }, false);
    if (values.json)
      ctx.stdout(
        `${JSON.stringify({ dryRun: false, ...result, sideFilesRemoved: side.removed, sideBytesRemoved: side.bytes, exitCode: EXIT.ok }, null, 2)}\n`,
      );
    else
      ctx.stdout(
        `pruned ${entriesSaid(result.removed)}, kept ${result.kept} (${result.bytesBefore} → ${countSaid(result.bytesAfter, 'byte')})${damagedSaid(damaged, 'dropped')}${sideFilesSaid(side, 'removed')}\n`,
      );
    return EXIT.ok;
  } finally {
    store.close();
    if (lock.ok) lock.lock.release();
  }
}

/**
 * The lockfiles whose steps a prune keeps (*choice*, README "Where things go"): every `--lock`,
 * plus the plan's own `evalc.lock` and `.evalc/evalc.only.lock` (those that exist) when a plan
 * is named or no `--lock` is: a prune never drops what the plan it was pointed at reaches.
 */
function pruneLockFiles(
  named: string[] | undefined,
  planNamed: boolean,
  dirs: { lockFile: string; onlyLockFile: string },
  cwd: string,
): string[] {
  const own = [dirs.lockFile, dirs.onlyLockFile].filter((file) => existsSync(file));
  if (!named || named.length === 0) return own.length > 0 ? own : [dirs.lockFile];
  if (!planNamed) return named;
  const resolved = new Set(named.map((f) => path.resolve(cwd, f)));
  return [...named, ...own.filter((f) => !resolved.has(path.resolve(cwd, f)))];
}

/** `--lock DIR` names the plan folder's `evalc.lock`, as `[plan]` may name a folder. */
function lockFileOf(file: string): string {
  try {
    return statSync(file).isDirectory() ? path.join(file, 'evalc.lock') : file;
  } catch {
    return file;
  }
}

/** `; dropped 2 damaged line(s)` (a dry run: `would drop`), or nothing: a prune rewrites the log without them. */
function damagedSaid(damaged: number, verb: string): string {
  return damaged > 0 ? `; ${verb} ${countSaid(damaged, 'damaged line')}` : '';
}

/**
 * `; removed 3 downloaded dataset or schema file(s) no lockfile reaches (1234 bytes)`, the copies
 * a killed prune left named as such (QA42: they were called downloaded datasets), or nothing.
 */
function sideFilesSaid(side: SideFileSweep, verb: string): string {
  if (side.removed === 0) return '';
  const leftovers = side.leftovers ?? 0;
  const downloaded = side.removed - leftovers;
  const parts = [
    ...(downloaded > 0
      ? [`${countSaid(downloaded, 'downloaded dataset or schema file')} no lockfile reaches`]
      : []),
    ...(leftovers > 0 ? [`${leftovers} leftover cop${leftovers === 1 ? 'y' : 'ies'} of a killed prune`] : []),
  ];
  return `; ${verb} ${parts.join(' and ')} (${countSaid(side.bytes, 'byte')})`;
}

/** `1 entry`, `13 entries`: stats and prune read `1 entries` (QA219). */
function entriesSaid(n: number): string {
  return countSaid(n, 'entry', 'entries');
}

/** A file's size, 0 when there is none. */
function fileSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** Whether two names are one file (same device and inode; a FIFO's stat does not block). */
function sameFile(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    const [sa, sb] = [statSync(a), statSync(b)];
    return sa.dev === sb.dev && sa.ino === sb.ino;
  } catch {
    return false;
  }
}
