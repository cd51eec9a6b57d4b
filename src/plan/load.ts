/**
 * Loads a plan file and the files it `include:`s, merges them, and remembers where every
 * entry came from so later diagnostics can name `file:line:col`.
 *
 * Merge rules: map sections (agents, judges, rubrics, tasks, prices) merge by id and an id
 * defined twice is an error; list sections (metrics, gates) concatenate in include order;
 * single sections (benchmark, run) may be defined once. A file reached by several includes (a
 * shared agents file included by two task files) is merged once. Paths inside an included file are
 * relative to it: dataset sources are rebased onto the root plan's folder, and each agent or
 * judge remembers the folder its `command:` runs in.
 */
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { hintAnchorsInOtherFiles } from './cross-file-anchors.js';
import { type Diagnostic, diagnostic, type PlanPath, type SourcePosition } from './diagnostic.js';
import { includeEntries } from './include-entries.js';
import { checkIncludedFile } from './included-file-check.js';
import { initHint } from './init-hint.js';
import {
  ALL_LOST,
  type LostIds,
  lostIdsOf,
  lostIdsOfNestedPairs,
  lostIdsOfPairs,
  lostSections,
} from './lost-ids.js';
import { firstDefinition, locateOrigin, locateOriginValue, type Origin } from './merge-origins.js';
import { nearFileHint, otherExtensionHint } from './near-file-hint.js';
import { readPlanFile } from './read-plan-file.js';
import { describeNotUtf8, firstNulPosition } from './text-encoding.js';
import { maskUrlText } from './url-secrets.js';
import { locateInFile, parseYamlFile, type YamlFile } from './yaml-file.js';

const MAP_SECTIONS = ['agents', 'judges', 'rubrics', 'tasks', 'prices'] as const;
const LIST_SECTIONS = ['metrics', 'gates'] as const;

export interface LoadedPlan {
  /** Absolute path of the root plan file. */
  planFile: string;
  /** Absolute folder of the root plan file; every relative path resolves from here. */
  planDir: string;
  raw: Record<string, unknown>;
  files: YamlFile[];
  /** Folder (relative to planDir) that each agent's / judge's commands run in. */
  commandDirs: { agents: Record<string, string>; judges: Record<string, string> };
  locate: (planPath: PlanPath, key?: string) => SourcePosition | undefined;
  /**
   * The position of character `offset` of the string `value` at `planPath` (an error inside a
   * template or an expression), or undefined when its source does not map exactly.
   */
  locateInValue?: (planPath: PlanPath, value: string, offset: number) => SourcePosition | undefined;
  diagnostics: Diagnostic[];
  /**
   * What included files left out (not found, not YAML text, a syntax error) or partly (a section of
   * the wrong shape) may define: a reference to it is a cascade, not news (lost-ids.ts).
   */
  lostIds: LostIds[];
}

export function loadPlanFile(planFile: string, cwd = process.cwd()): LoadedPlan {
  const given = path.resolve(cwd, planFile);
  const planDir = physicalDir(path.dirname(given));
  const absolute = path.join(planDir, path.basename(given));
  const state: LoadState = {
    cwd,
    planDir,
    files: [],
    origins: [],
    diagnostics: [],
    raw: {},
    stack: [],
    lost: [],
    merged: new Set(),
  };
  const commandDirs = { agents: {} as Record<string, string>, judges: {} as Record<string, string> };
  loadInto(state, absolute, undefined, commandDirs);
  hintAnchorsInOtherFiles(state.diagnostics, state.files);
  const locate = (planPath: PlanPath, key?: string): SourcePosition | undefined =>
    locateOrigin(state.origins, planPath, key);
  return {
    planFile: absolute,
    planDir,
    raw: state.raw,
    files: state.files,
    commandDirs,
    locate,
    locateInValue: (planPath, value, offset) => locateOriginValue(state.origins, planPath, value, offset),
    diagnostics: state.diagnostics,
    lostIds: state.lost,
  };
}

/** A plan file or include that could not be read: missing (with a near name), or why not. */
function notRead(
  reason: string | undefined,
  display: string,
  absolute: string,
  includedFrom: SourcePosition | undefined,
  including: readonly string[] = [],
): Diagnostic {
  const what = includedFrom ? 'included file' : 'plan file';
  if (reason !== undefined)
    return diagnostic(
      'EVALC_FILE_NOT_FOUND',
      `${what} ${display} ${reason}`,
      includedFrom ? ['include'] : [],
      {
        source: includedFrom,
        // A file evalc may not read is a regular file: the hint about one misled (QA183).
        hint: reason.includes('permission denied')
          ? `evalc runs as a user that cannot read it: check its mode and owner (ls -l ${display})`
          : 'a plan file is YAML text in a regular file',
      },
    );
  // `evalc.yml` beside a missing `evalc.yaml` (QA44): say which file is there.
  const other = absolute.replace(/\.ya?ml$/i, (ext) => (ext.toLowerCase() === '.yaml' ? '.yml' : '.yaml'));
  // Never a file that includes this one: `include: [evals.yaml]` in evalc.yaml was told "there is
  // evalc.yaml in that folder: did you mean that file?", a cycle (QA228).
  const hint =
    other !== absolute && existsSync(other) && !(includedFrom && including.includes(other))
      ? includedFrom
        ? `there is ${path.basename(other)} in that folder: did you mean that file?`
        : otherExtensionHint(display, other)
      : includedFrom
        ? nearFileHint(absolute, including)
        : (initHint(display, absolute) ?? nearFileHint(absolute)); // `evalc plan evals.yml` beside evalc.yaml (QA243)
  return diagnostic(
    'EVALC_FILE_NOT_FOUND',
    `${what} not found: ${display}`,
    includedFrom ? ['include'] : [],
    {
      source: includedFrom,
      hint,
    },
  );
}

/**
 * The plan's folder with symlinks resolved, as the shell's `cd` and the kernel resolve `..`: a plan
 * reached through a symlinked folder (`/ci/builds → /mnt/ssd/builds`, or a `link → evals/p` given as
 * `link/evalc.yaml`) whose includes or dataset sources climb out with `../` finds the same files
 * as from inside the folder (path.resolve would cut `link/..` lexically). The plan file itself
 * keeps its name, so a symlinked evalc.yaml still has its lock beside the link. Every path the lock
 * records is relative to this folder, so the lock is the same either way.
 */
function physicalDir(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir; // a folder that does not exist: the plan file is reported missing
  }
}

/** The file's path with every symlink resolved; as given when it cannot be (a missing file). */
function realPathOf(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

interface LoadState {
  cwd: string;
  planDir: string;
  files: YamlFile[];
  origins: Origin[];
  diagnostics: Diagnostic[];
  raw: Record<string, unknown>;
  /** The files being loaded, outermost first: as named, and their real path. */
  stack: { absolute: string; real: string }[];
  /** What included files left out (or partly: a section of the wrong shape) may define. */
  lost: LostIds[];
  /** Files already merged (real paths): one included from two places is merged once, not twice. */
  merged: Set<string>;
}

function loadInto(
  state: LoadState,
  absolute: string,
  includedFrom: SourcePosition | undefined,
  commandDirs: LoadedPlan['commandDirs'],
): void {
  const display = path.relative(state.cwd, absolute) || absolute;
  // One file reached by two paths (a symlinked folder or file) is one file (QA72: merged twice, it
  // was "defined in more than one file", and a cycle through a symlink was not seen as one).
  const real = realPathOf(absolute);
  const open = state.stack.findIndex((entry) => entry.real === real);
  if (open >= 0) {
    const cycle = [...state.stack.slice(open).map((entry) => entry.absolute), absolute].map((f) =>
      path.relative(state.cwd, f),
    );
    state.diagnostics.push(
      diagnostic('EVALC_INCLUDE_CYCLE', `include cycle: ${cycle.join(' → ')}`, ['include'], {
        source: includedFrom,
      }),
    );
    return;
  }
  if (state.merged.has(real)) return;
  state.merged.add(real);
  const read = readPlanFile(absolute, includedFrom !== undefined);
  if (!read.ok) {
    // by its real path too: `validate main.yaml`, a link to evalc.yaml, was offered evalc.yaml (QA232)
    const including = state.stack.flatMap((entry) => [entry.absolute, entry.real]);
    state.diagnostics.push(notRead(read.reason, display, absolute, includedFrom, including));
    if (includedFrom) state.lost.push(ALL_LOST);
    return;
  }
  const notText = describeNotUtf8(read.bytes);
  if (notText !== undefined) {
    const at = notText.startsWith('is a binary file') ? firstNulPosition(read.bytes) : undefined;
    state.diagnostics.push(
      diagnostic('EVALC_FILE_ENCODING', `the file ${notText}`, includedFrom ? ['include'] : [], {
        source: { file: display, line: at?.line ?? 1, col: at?.col ?? 1 },
        hint: 'a plan file is YAML text in UTF-8',
      }),
    );
    if (includedFrom) state.lost.push(ALL_LOST);
    return;
  }
  const text = read.bytes.toString('utf8');
  const parsed = parseYamlFile(display, text);
  state.files.push(parsed.file);
  state.diagnostics.push(...parsed.diagnostics);
  if (parsed.value === undefined && parsed.diagnostics.length > 0) {
    if (includedFrom) state.lost.push(lostIdsOf(parsed.file));
    return;
  }
  // A section written twice: its second is left out (duplicate-keys.ts), and what it defines is no news.
  if (parsed.dropped && parsed.dropped.topLevel.length + parsed.dropped.nested.length > 0)
    state.lost.push(lostIdsOfPairs(parsed.dropped.topLevel), lostIdsOfNestedPairs(parsed.dropped.nested));
  const value = parsed.value;
  const file = parsed.file;
  const relDir = path.relative(state.planDir, path.dirname(absolute)).split(path.sep).join('/');
  const isRoot = state.stack.length === 0;
  if (value === null || value === undefined) {
    if (isRoot)
      state.diagnostics.push(
        diagnostic('EVALC_PLAN_EMPTY', 'the plan file is empty', [], {
          source: { file: display, line: 1, col: 1 },
        }),
      );
    return;
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    state.diagnostics.push(
      diagnostic('EVALC_PLAN_NOT_MAP', 'a plan file must be a YAML mapping', [], {
        source: locateInFile(file, []),
      }),
    );
    if (includedFrom) state.lost.push(ALL_LOST);
    return;
  }
  const record = value as Record<string, unknown>;
  if (isRoot) state.origins.push({ file, mergedPrefix: [], filePrefix: [], relDir });
  // The plan file is validated with the merged plan; an included file's own keys are checked here.
  const own = isRoot
    ? undefined
    : checkIncludedFile(record, (p, key) => locateInFile(file, p, key), state.raw);
  if (own) state.diagnostics.push(...own.diagnostics);
  if (own && own.skip.size > 0) state.lost.push(lostSections(own.skip));
  mergeFile(state, file, record, relDir, isRoot, commandDirs, own?.skip);

  // `include: agents.yaml`, one path for the list, is refused by the schema; its file is still read,
  // so the plan's other checks do not say "unknown agent" of every id it defines (QA224). Read as
  // the list its hint writes: `include: a.yaml, b.yaml` is two files, `include: ""` none (QA228:
  // "included file not found: a.yaml, b.yaml" and "an empty include path" beside the hint); not at
  // a `,` of a url's password, `https://u:ab,cd@h/x.yaml` (QA232: said in two pieces, unmasked).
  const written = record.include;
  const includes =
    typeof written === 'string'
      ? includeEntries(written)
          .map((entry) => entry.trim())
          .filter((entry) => entry !== '')
      : written;
  if (!Array.isArray(includes)) return; // reported by the schema
  state.stack.push({ absolute, real });
  includes.forEach((entry, index) => {
    if (typeof entry !== 'string') return;
    const at = locateInFile(file, typeof written === 'string' ? ['include'] : ['include', index]);
    if (entry.trim() === '') {
      // QA59: `include: [""]` named the plan's own folder ("… is a folder, not a file").
      state.diagnostics.push(
        diagnostic('EVALC_FILE_NOT_FOUND', 'an empty include path names no file', ['include'], {
          source: at,
        }),
      );
      return;
    }
    const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(entry)?.[1];
    if (scheme !== undefined) {
      // QA59: `include: [https://…]` was "included file not found: https:/host/x.yaml".
      state.diagnostics.push(
        diagnostic(
          'EVALC_FILE_NOT_FOUND',
          // a password holding a `/` and query credentials too, `?token=…` (QA232: printed as written, terminal and --json)
          `include ${maskUrlText(entry.replace(/^([^/]*\/\/)[^/@]*@/, '$1'))}: ${scheme}:// is not a file evalc includes`,
          ['include'],
          {
            source: at,
            hint: 'an include is a file path, relative to the file that names it',
          },
        ),
      );
      return;
    }
    loadInto(state, path.resolve(path.dirname(absolute), entry), at, commandDirs);
  });
  state.stack.pop();
}

const OWN = { enumerable: true, writable: true, configurable: true };

function mergeFile(
  state: LoadState,
  file: YamlFile,
  record: Record<string, unknown>,
  relDir: string,
  isRoot: boolean,
  commandDirs: LoadedPlan['commandDirs'],
  skip: ReadonlySet<string> = new Set(),
): void {
  const raw = state.raw;
  for (const [key, value] of Object.entries(record)) {
    if (skip.has(key)) continue; // said at the included file's line (checkIncludedFile)
    if (key === 'include') {
      if (isRoot) raw.include = value;
      continue;
    }
    if ((MAP_SECTIONS as readonly string[]).includes(key) && isPlainObject(value)) {
      const target = (isPlainObject(raw[key]) ? raw[key] : (raw[key] = {})) as Record<string, unknown>;
      for (const [id, entry] of Object.entries(value)) {
        if (Object.hasOwn(target, id)) {
          state.diagnostics.push(
            diagnostic('EVALC_INCLUDE_CONFLICT', `${key}.${id} is defined in more than one file`, [key, id], {
              source: locateInFile(file, [key], id),
              // Which other file: the include that merged it first, else the plan file (QA44).
              hint: `ids must be unique across included files: it is also defined at ${firstDefinition(state.origins, state.files, [key, id])}`,
            }),
          );
          continue;
        }
        const merged = key === 'tasks' ? rebaseTask(entry, relDir) : entry;
        // `__proto__` stays an own key, for validate to refuse as an id (assigned, it vanished: QA104),
        // and keeps its origin: from an included file, the error named the plan file's line (QA109).
        if (id === '__proto__') Object.defineProperty(target, id, { ...OWN, value: merged });
        else {
          target[id] = merged;
          if (key === 'agents' || key === 'judges') commandDirs[key][id] = relDir;
        }
        if (!isRoot) state.origins.push({ file, mergedPrefix: [key, id], filePrefix: [key, id], relDir });
      }
      continue;
    }
    if ((LIST_SECTIONS as readonly string[]).includes(key) && Array.isArray(value)) {
      const target = (Array.isArray(raw[key]) ? raw[key] : (raw[key] = [])) as unknown[];
      value.forEach((item, index) => {
        if (!isRoot)
          state.origins.push({ file, mergedPrefix: [key, target.length], filePrefix: [key, index], relDir });
        target.push(item);
      });
      continue;
    }
    if (Object.hasOwn(raw, key) && !isRoot) {
      if (key === 'evalc') continue;
      state.diagnostics.push(
        diagnostic('EVALC_INCLUDE_CONFLICT', `${key} is defined in more than one file`, [key], {
          source: locateInFile(file, [key]),
          // Which other file (QA72: an id's conflict said it, `benchmark:` and `run:` did not).
          hint: `it may be written once: it is also defined at ${firstDefinition(state.origins, state.files, [key])}`,
        }),
      );
      continue;
    }
    raw[key] = value;
    if (!isRoot) state.origins.push({ file, mergedPrefix: [key], filePrefix: [key], relDir });
    if (isRoot && (key === 'agents' || key === 'judges') && isPlainObject(value)) {
      for (const id of Object.keys(value)) commandDirs[key][id] = relDir;
    }
  }
}

/** Dataset sources in an included file are relative to that file: rebase them onto the root. */
function rebaseTask(task: unknown, relDir: string): unknown {
  if (relDir === '' || !isPlainObject(task) || !isPlainObject(task.datasets)) return task;
  const datasets: Record<string, unknown> = {};
  for (const [id, dataset] of Object.entries(task.datasets)) {
    if (
      isPlainObject(dataset) &&
      typeof dataset.source === 'string' &&
      !/^[a-z][a-z0-9+.-]*:\/\//i.test(dataset.source) &&
      // An absolute path names the same file from every folder (it was re-rooted under the
      // included file's folder: `sub/tmp/data.jsonl`, QA44).
      !path.isAbsolute(dataset.source)
    ) {
      datasets[id] = { ...dataset, source: path.posix.join(relDir, dataset.source) };
    } else datasets[id] = dataset;
  }
  return { ...task, datasets };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
