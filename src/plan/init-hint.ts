/** The hint of a plan file not found where `evalc init` would write one. */
import { statSync } from 'node:fs';
import path from 'node:path';
import { shellWord } from './shell-word.js';

/**
 * A first `evalc plan` (`validate`, `apply`) in a folder with no evalc.yaml read "plan file not
 * found: evalc.yaml" and no way on (QA219): the folder's `evalc init` is named.
 */
export function initHint(display: string, absolute: string): string | undefined {
  const folder = path.dirname(absolute);
  if (path.basename(absolute) !== 'evalc.yaml' || !isFolder(folder)) return undefined;
  const shown = path.dirname(display);
  // Written as the shell reads it back, a control character in $'…' (QA227: single-quoted, the
  // terminal escaping turned an ESC into `\u001b`, and `evalc init` made another folder).
  const arg = shown === '.' ? '' : ` ${shellWord(shown)}`;
  return `no plan in ${shown === '.' ? 'this folder' : shown}: \`evalc init${arg}\` scaffolds one (evalc.yaml, a dataset, a stand-in agent), or name your plan file`;
}

function isFolder(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}
