/**
 * Text for a terminal (QA48). Messages echo what users, files and agents supplied — an `--only`
 * value, a plan or dataset file name, a YAML key, an agent's error reply — and a terminal obeys
 * the escape sequences in them (ESC [ 2 J clears the screen, ESC ] 0 ; … BEL retitles the
 * window, a CR rewrites the line a warning was on). Every control character other than tab and
 * line feed is shown as its `\uXXXX` spelling, as reports and `evalc diff` already show them.
 * JSON output is unchanged by it: JSON.stringify escapes these characters itself.
 */
import { showControlChars } from '../lockfile/control-chars.js';

export function terminalSafe(text: string): string {
  return showControlChars(text);
}
