/**
 * Why a folder could not be made when the file system said only ENOENT: Node's recursive mkdir
 * says so of a folder on a read-only file system as of one under a broken link. The first thing
 * on the folder's path that exists tells which (QA294: `cannot create DIR: a folder on its path is
 * a broken link, or its file system is read-only` left the user to find out which, and where).
 */
import { accessSync, constants, lstatSync, readlinkSync, statSync } from 'node:fs';
import path from 'node:path';

/** The reason in words, naming the path by `show`; undefined when the path gives none. */
export function whyFolderNotMade(folder: string, show: (file: string) => string): string | undefined {
  let at = path.resolve(folder);
  for (;;) {
    const kind = pathKind(at);
    if (kind === 'missing') {
      const parent = path.dirname(at);
      if (parent === at) return undefined;
      at = parent;
      continue;
    }
    if (kind === 'loop') return `${show(at)} is a loop of links, which reaches no folder`;
    if (kind === 'broken') {
      const to = readlinkSync(at);
      const gone = pathKind(path.resolve(path.dirname(at), to)) === 'missing';
      return `${show(at)} is a link to ${to}, which ${gone ? 'does not exist' : 'leads to no folder'}: make that folder, or remove the link`;
    }
    if (kind !== 'folder') return undefined;
    try {
      accessSync(at, constants.W_OK);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EROFS') return `${show(at)} is on a read-only file system`;
      if (code === 'EACCES' || code === 'EPERM') return `no permission to write in ${show(at)}`;
    }
    return undefined;
  }
}

function pathKind(file: string): 'missing' | 'loop' | 'broken' | 'folder' | 'other' {
  try {
    if (!lstatSync(file).isSymbolicLink()) return statSync(file).isDirectory() ? 'folder' : 'other';
  } catch {
    // A loop of links above it reads ELOOP: the link that loops is found further up.
    return 'missing';
  }
  try {
    return statSync(file).isDirectory() ? 'folder' : 'other';
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ELOOP' ? 'loop' : 'broken';
  }
}
