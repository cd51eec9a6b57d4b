/**
 * The blank run that puts a diagnostic's caret under its column (QA26). Columns count UTF-16 code
 * units (what editors and the YAML parser count), but a terminal shows a CJK character or an emoji
 * two cells wide, a combining accent or a byte order mark in none, and a tab up to the next stop:
 * padding with one space per code unit put the caret three cells left of `bogus` after `日本語`,
 * and after a tab anywhere to the left. Each character of the text before the column becomes the
 * blank of its width; a tab stays a tab, so the terminal moves both lines alike.
 */

/** East Asian Wide and Fullwidth blocks (Unicode 15, UAX #11), as code point ranges. */
const WIDE_RANGES: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f],
  [0x1f900, 0x1f9ff],
  [0x20000, 0x3fffd],
];

const ZERO_WIDTH = /^[\p{Mn}\p{Me}\u200b-\u200f\u2060\ufeff]$/u;
const WIDE_EMOJI = /^\p{Emoji_Presentation}$/u;

function cellsOf(char: string): number {
  if (ZERO_WIDTH.test(char)) return 0;
  const code = char.codePointAt(0) ?? 0;
  if (WIDE_EMOJI.test(char)) return 2;
  return WIDE_RANGES.some(([from, to]) => code >= from && code <= to) ? 2 : 1;
}

/** The blanks under `prefix` (the excerpt's text left of the caret) as a terminal shows it. */
export function caretPadding(prefix: string): string {
  let pad = '';
  for (const char of prefix) pad += char === '\t' ? '\t' : ' '.repeat(cellsOf(char));
  return pad;
}
