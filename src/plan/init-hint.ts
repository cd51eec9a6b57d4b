/** The hint of a plan file not found where `evalc init` would write one. */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { shellWord } from './shell-word.js';

/**
 * A first `evalc plan` (`validate`, `apply`) in a folder with no evalc.yaml read "plan file not
 * found: evalc.yaml" and no way on (QA219): the folder's `evalc init` is named.
 */
export function initHint(display: string, absolute: string): string | undefined {
  const folder = path.dirname(absolute);
  // `evalc plan nosuch`, a name with no extension that is nothing: likely a folder, as `nosuch/` is
  // told (QA250: no hint, where `nosuch/` is told evalc init since QA243)
  const bare = !path.basename(absolute).includes('.') && !existsSync(absolute);
  // (`evalc plan evalc` beside evalc.yaml: that file)
  const named = bare ? ['.yaml', '.yml'].find((ext) => existsSync(`${absolute}${ext}`)) : undefined;
  if (named !== undefined)
    return `there is ${path.basename(absolute)}${named} in that folder: did you mean that file?`;
  if (bare && isFolder(folder))
    return `there is no file or folder ${display}: \`evalc init ${initWord(display)}\` creates a folder with a plan (evalc.yaml, a dataset, a stand-in agent), or name your plan file`;
  if (path.basename(absolute) !== 'evalc.yaml') return undefined;
  const shown = path.dirname(display);
  // Written as the shell reads it back, a control character in $'…' (QA227: single-quoted, the
  // terminal escaping turned an ESC into `\u001b`, and `evalc init` made another folder).
  const arg = shown === '.' ? '' : ` ${initWord(shown)}`;
  // `evalc plan nosuch/`: the folder itself is missing (QA243: no hint), which init creates.
  if (!existsSync(folder))
    return `there is no folder ${shown}/: \`evalc init${arg}\` creates it with a plan (evalc.yaml, a dataset, a stand-in agent), or name a folder that holds evalc.yaml`;
  if (!isFolder(folder)) return undefined;
  return `no plan in ${shown === '.' ? 'this folder' : shown}: \`evalc init${arg}\` scaffolds one (evalc.yaml, a dataset, a stand-in agent), or name your plan file`;
}

/** The folder as init reads it: `-x` is a flag to it (QA254: `evalc init -x` was offered), `./-x` a folder. */
function initWord(folder: string): string {
  return shellWord(folder.startsWith('-') ? `./${folder}` : folder);
}

function isFolder(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}
