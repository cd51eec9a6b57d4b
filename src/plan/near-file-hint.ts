/** The hint of an included file not found: a near name in its folder. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { suggest } from './suggest.js';

/** `include: [agent.yaml]` beside agents.yaml: the near name in that folder (QA224: no hint). */
export function nearFileHint(absolute: string): string | undefined {
  let names: string[];
  try {
    names = readdirSync(path.dirname(absolute)).filter((name) => /\.ya?ml$/i.test(name));
  } catch {
    return undefined;
  }
  const near = suggest(path.basename(absolute), names);
  return near === undefined ? undefined : `there is ${near} in that folder: did you mean that file?`;
}
