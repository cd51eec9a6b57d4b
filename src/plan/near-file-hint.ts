/** The hint of an included file not found: a near name in its folder. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { shellWord } from './shell-word.js';
import { suggest } from './suggest.js';

/**
 * `include: [agent.yaml]` beside agents.yaml: the near name in that folder (QA224: no hint), never
 * a file that includes this one (`include: [evals.yaml]` in evalc.yaml: QA228).
 */
export function nearFileHint(absolute: string, including: readonly string[] = []): string | undefined {
  const dir = path.dirname(absolute);
  let names: string[];
  try {
    names = readdirSync(dir).filter(
      (name) => /\.ya?ml$/i.test(name) && !including.includes(path.join(dir, name)),
    );
  } catch {
    return undefined;
  }
  const near = suggest(path.basename(absolute), names);
  return near === undefined ? undefined : `there is ${near} in that folder: did you mean that file?`;
}

/**
 * `evalc.yml` beside a missing `evalc.yaml` (QA44), the line offered naming it as the plan was named:
 * `evalc plan p1/evalc.yml` was offered `evalc validate evalc.yaml`, a file not there (QA250).
 */
export function otherExtensionHint(display: string, other: string): string {
  const named = path.join(path.dirname(display), path.basename(other));
  // `-p/evalc.yaml` is a flag to validate (QA254: 'Unknown option -p'): `./-p/evalc.yaml`
  const word = shellWord(named.startsWith('-') ? `./${named}` : named);
  return `there is ${path.basename(other)} in that folder: name it (e.g. evalc validate ${word}) or rename it`;
}
