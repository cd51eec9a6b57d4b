/** The hint of a plan file not found where `evalc init` would write one. */
import { statSync } from 'node:fs';
import path from 'node:path';

/**
 * A first `evalc plan` (`validate`, `apply`) in a folder with no evalc.yaml read "plan file not
 * found: evalc.yaml" and no way on (QA219): the folder's `evalc init` is named.
 */
export function initHint(display: string, absolute: string): string | undefined {
  const folder = path.dirname(absolute);
  if (path.basename(absolute) !== 'evalc.yaml' || !isFolder(folder)) return undefined;
  const shown = path.dirname(display);
  const arg =
    shown === '.' ? '' : ` ${/^[\w./@%+=:,-]+$/.test(shown) ? shown : `'${shown.replaceAll("'", "'\\''")}'`}`;
  return `no plan in ${shown === '.' ? 'this folder' : shown}: \`evalc init${arg}\` scaffolds one (evalc.yaml, a dataset, a stand-in agent), or name your plan file`;
}

function isFolder(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}
