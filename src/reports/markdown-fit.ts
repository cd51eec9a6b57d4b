/**
 * Fits Markdown sections under a size limit (a GitHub comment holds 65,536 characters). Sections
 * are kept in order; a section that does not fit keeps its head, as many items as fit, a note
 * saying how many were left out, and its tail (so tables and `<details>` stay well-formed). When
 * anything was left out, a closing note names where the full report is.
 */
import { FULL_REPORT_PATH } from './types.js';

export interface MarkdownSection {
  head: string[];
  items: string[];
  tail: string[];
  /** What an item is, for the "N more … not shown" note (e.g. "rows", "examples"). */
  noun?: string;
}

/**
 * Default limit: under GitHub's 65,536 characters with room to spare. Sizes are counted in UTF-8
 * bytes (≥ characters, ≥ UTF-16 length), so the file is under the limit however it is measured
 * (`stat` size, string length, characters): report.md's tables use emoji and typographic marks.
 */
export const MARKDOWN_LIMIT = 65_000;

function lineSize(line: string): number {
  return Buffer.byteLength(line, 'utf8') + 1;
}

function size(lines: string[]): number {
  return lines.reduce((n, l) => n + lineSize(l), 0);
}

export function truncationNote(path = FULL_REPORT_PATH): string {
  return `> ✂️ This report was truncated to fit a pull-request comment. The full report is \`${path}\` (also report.json).`;
}

export function fitSections(sections: MarkdownSection[], limit = MARKDOWN_LIMIT): string {
  const closing = ['', truncationNote()];
  const budget = limit - size(closing);
  const out: string[] = [];
  let used = 0;
  let truncated = false;
  for (const s of sections) {
    const fixed = size(s.head) + size(s.tail);
    if (used + fixed + size(s.items) <= budget) {
      out.push(...s.head, ...s.items, ...s.tail);
      used += fixed + size(s.items);
      continue;
    }
    truncated = true;
    const moreLine = (n: number) => `_… ${n} more ${s.noun ?? 'lines'} not shown (see the full report)._`;
    const reserve = fixed + size(['', moreLine(s.items.length)]);
    if (used + reserve > budget) continue;
    const kept: string[] = [];
    let keptSize = 0;
    for (const item of s.items) {
      const itemSize = lineSize(item);
      if (used + reserve + keptSize + itemSize > budget) break;
      kept.push(item);
      keptSize += itemSize;
    }
    const lines = [...s.head, ...kept, '', moreLine(s.items.length - kept.length), ...s.tail];
    out.push(...lines);
    used += size(lines);
  }
  if (truncated) out.push(...closing);
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}
