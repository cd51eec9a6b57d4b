/**
 * Where each entry of the merged plan came from (load.ts): the file and the path in it of every
 * prefix merged from an included file, so a diagnostic names that file's `file:line:col`.
 */
import type { PlanPath, SourcePosition } from './diagnostic.js';
import { locateInFile, locateInValue, type YamlFile } from './yaml-file.js';

export interface Origin {
  file: YamlFile;
  /** Prefix of the merged path this origin covers, and where that prefix sits in the file. */
  mergedPrefix: PlanPath;
  filePrefix: PlanPath;
  /** Folder of the file, relative to the root plan's folder ('' for the root). */
  relDir: string;
}

/** The position of `planPath` (or of its `key`) in the file it was merged from. */
export function locateOrigin(
  origins: readonly Origin[],
  planPath: PlanPath,
  key?: string,
): SourcePosition | undefined {
  if (key !== undefined) {
    // A key of a merged map (an agent or task id) that came from an included file: point at the
    // key in that file, not at the root file, which may not even name the section.
    const keyPath = [...planPath, key];
    const owner = origins.find(
      (origin) =>
        origin.mergedPrefix.length === keyPath.length &&
        origin.mergedPrefix.every((seg, i) => seg === keyPath[i]),
    );
    if (owner) return locateInFile(owner.file, owner.filePrefix.slice(0, -1), key);
  }
  const owner = ownerOf(origins, planPath);
  return owner && locateInFile(owner.file, owner.path, key);
}

/** The file `planPath` was merged from and its path there. */
function ownerOf(
  origins: readonly Origin[],
  planPath: PlanPath,
): { file: YamlFile; path: PlanPath } | undefined {
  let best: Origin | undefined;
  for (const origin of origins) {
    if (origin.mergedPrefix.length > planPath.length) continue;
    if (!origin.mergedPrefix.every((seg, i) => seg === planPath[i])) continue;
    if (!best || origin.mergedPrefix.length > best.mergedPrefix.length) best = origin;
  }
  if (!best) return undefined;
  return { file: best.file, path: [...best.filePrefix, ...planPath.slice(best.mergedPrefix.length)] };
}

/** The position of character `offset` of the string `value` at `planPath`, when it maps exactly (yaml-file.ts). */
export function locateOriginValue(
  origins: readonly Origin[],
  planPath: PlanPath,
  value: string,
  offset: number,
): SourcePosition | undefined {
  const owner = ownerOf(origins, planPath);
  return owner && locateInValue(owner.file, owner.path, value, offset);
}

/** `file:line:col` of the entry at `mergedPath` as merged first (an included file's, else the plan file's). */
export function firstDefinition(
  origins: readonly Origin[],
  files: readonly YamlFile[],
  mergedPath: PlanPath,
): string {
  const owner = origins.find(
    (origin) =>
      origin.mergedPrefix.length === mergedPath.length &&
      origin.mergedPrefix.every((seg, i) => seg === mergedPath[i]),
  );
  const file = owner?.file ?? files[0];
  if (!file) return 'another file';
  const at = locateInFile(file, mergedPath.slice(0, -1), String(mergedPath.at(-1)));
  return at ? `${at.file}:${at.line}:${at.col}` : file.display;
}
