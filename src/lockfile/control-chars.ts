/**
 * Control characters in data (example ids and texts come from datasets and agents) made visible:
 * a NUL in report.md makes tools treat the comment as binary, and an ESC in `evalc diff`'s terminal
 * output is a terminal escape sequence (it can clear the screen or retitle the window). Each C0
 * control other than tab and newline, DEL and each C1 control becomes its `\uXXXX` spelling, and
 * so do the bidirectional embedding, override and isolate controls (U+202A–U+202E,
 * U+2066–U+2069): an id holding U+202E displays the rest of its table row reversed. Right-to-left
 * text itself (Hebrew, Arabic) and the marks U+200E/U+200F are left as they are. The noncharacters
 * U+FFFE and U+FFFF are spelled too, as junit.xml spells them (QA270: ids `c\uFFFEd` and `c\uFFFFd`
 * showed as one `cd` twice in report.md and `evalc diff`).
 */
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFFFE\uFFFF]/g;

export function showControlChars(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A name the user or a folder supplied (a dataset file name) quoted on one line: its control
 * characters as above and a line feed and tab spelt `\n`, `\t` (QA138: a file name holding a line
 * feed, suggested in EVALC_DATASET_NOT_FOUND's hint, printed a line of its own).
 */
export function showOnOneLine(text: string): string {
  return showControlChars(text).replaceAll('\n', '\\n').replaceAll('\t', '\\t');
}

/** Characters of a name an agent gave itself quoted in a line; where it is kept whole, it is whole. */
const NAME_SHOWN = 200;

/**
 * A name an agent gave itself (a mae reply's `name`, a raip `/info`), which evalc pins as it came,
 * quoted on one line and cut at `NAME_SHOWN` characters (QA350: a name holding a line feed split
 * `evalc diff`'s "Pins that changed" line in two, and one of 5,000 characters filled the terminal;
 * QA358: apply's 'its discovery names it …' line too).
 */
export function shownName(name: string): string {
  const chars = [...showOnOneLine(name)];
  return chars.length > NAME_SHOWN ? `${chars.slice(0, NAME_SHOWN).join('')}…` : chars.join('');
}
