/**
 * Fits Markdown sections under a size limit (a GitHub comment holds 65,536 characters). Sections
 * are kept in order; a section that does not fit keeps its head, as many items as fit, a note
 * saying how many were left out, and its tail (so tables and `<details>` stay well-formed). When
 * anything was left out, a closing note names where the full report is.
 *
 * How the room is shared when everything does not fit: every section's head and tail first (in
 * order; a section whose head no longer fits is left out and counted in the closing note), then
 * the items of `keep` sections (the score table, then failing gates, which take at most their
 * `cap` of the room while the other sections want it), then the rest is shared between the other sections in proportion to their `weight`
 * (default 1), a section needing less than its share giving the difference to the others. So a
 * long section early in the report (1,080 rows of latency figures) can no longer starve the ones
 * after it (every task's details).
 *
 * Many sections (QA80: 500 tasks' details): their heads alone could fill the room, so 1. admits
 * `spare` sections (a task whose every result passed) only after all the others, and holds back
 * for the `keep` sections' items (the score table) up to half the room while admitting the other
 * sections' heads, and for the other admitted sections' items up to a quarter while admitting the
 * spare ones. A 500-task report showed 335 passing tasks' details, one line each, while the
 * score table kept 1 row of 501 and the only failing task (`t99`, sorted late) was not shown at all.
 *
 * Many failing sections (QA87: 229 failing tasks): each admitted section shows its first `min`
 * items (a task's metric rows and its first failing examples), so fewer are admitted, `rank`ed
 * ones (the most failing examples) first; the ones left out are counted by `kind` ("96 more
 * failing tasks"). 133 failing tasks showed one metric row each and not one failing example.
 */
import { FULL_REPORT_PATH } from './types.js';

export interface MarkdownSection {
  head: string[];
  items: string[];
  tail: string[];
  /** What an item is, for the "N more … not shown" note (e.g. "rows", "examples"). */
  noun?: string;
  /**
   * What the `hidden` last items are, when they are not all one `noun` ("1 more metric row and 120
   * more failing examples": a failing task cut after its first row, QA88); replaces the noun's count.
   */
  more?: (hidden: number) => string;
  /** `keep`: its items are given room before any shared section's (default `share`). */
  priority?: 'keep' | 'share';
  /** A shared section's part of the room left after the `keep` sections (default 1). */
  weight?: number;
  /**
   * A `keep` section's largest part of the item room while shared sections want more (0–1): it is
   * given room after the uncapped `keep` sections.
   */
  cap?: number;
  /** Admitted after every other section, when room is left (a task whose results all passed). */
  spare?: boolean;
  /** How many of its first items an admitted section always shows (default 1). */
  min?: number;
  /**
   * Admission order among ranked sections, highest first (after the unranked ones of the same
   * `spare` pass); the report keeps its document order.
   */
  rank?: number;
  /** What the section is, for the "N more … not shown" count of left-out sections (default "section"). */
  kind?: string;
  /**
   * The left-out sections with a `kind` are counted right after this one (the Details heading), not
   * at the report's end below the ones shown (QA89); the others still at the end.
   */
  countsLeftOut?: boolean;
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

/**
 * The closing note of a cut report.md. The path is where evalc ran (a CI runner), which a reader of
 * the PR comment cannot open: say where they find it, the workflow run's artifacts, as the README's
 * GitHub Actions recipe uploads the reports folder (`evalc-reports`) (QA270: only the path was named).
 * That artifact holds `.evalc/reports/` only: a report written elsewhere (`--out DIR`) is in the
 * artifacts only if the workflow uploads DIR (QA274: the note sent its reader to `evalc-reports`).
 */
export function truncationNote(path = FULL_REPORT_PATH): string {
  const artifact =
    path === FULL_REPORT_PATH
      ? "download that folder from the workflow run's artifacts (`evalc-reports` in evalc's GitHub Actions recipe)"
      : `download that folder from the workflow run's artifacts if the workflow uploads it (evalc's GitHub Actions recipe uploads \`${FULL_REPORT_PATH.replace(/report\.html$/, '')}\` only, as \`evalc-reports\`)`;
  return `> ✂️ This report was truncated to fit a pull-request comment. The full report is \`${path}\` (also report.json) where evalc ran; from CI, ${artifact}.`;
}

export interface FitOptions {
  /** The closing note when anything was left out (default: `truncationNote()`). */
  note?: string;
}

function moreLine(s: MarkdownSection, n: number): string {
  const noun = s.noun ?? 'lines';
  const what = s.more ? s.more(n) : `${n} more ${n === 1 ? noun.replace(/s$/, '') : noun}`;
  return `_… ${what} not shown (see the full report)._`;
}

/**
 * Room for a section's head, tail and (when it may be cut: more items than it always shows) the
 * blank line and "N more" note (QA87: 58 failing tasks shown whole held 3.5 kB for notes never shown).
 */
function frameSize(s: MarkdownSection): number {
  const more = s.items.length > Math.max(1, s.min ?? 1) ? size(['', moreLine(s, s.items.length)]) : 0;
  return size(s.head) + size(s.tail) + more;
}

/** The room a section's first `min` items take (none without items): admitted sections show them. */
function minItemsSize(s: MarkdownSection): number {
  return size(s.items.slice(0, Math.max(1, s.min ?? 1)));
}

/** "_… 96 more failing tasks and 3 more sections not shown …_": left-out sections by `kind`. */
function dropNote(counts: Map<string, number>): string {
  const parts = [...counts].map(([kind, n]) => `${n} more ${kind}${n === 1 ? '' : 's'}`);
  const last = parts.pop() ?? '';
  const text = parts.length > 0 ? `${parts.join(', ')} and ${last}` : last;
  return `_… ${text} not shown (see the full report)._`;
}

function dropCounts(sections: MarkdownSection[], n?: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of sections) counts.set(s.kind ?? 'section', n ?? (counts.get(s.kind ?? 'section') ?? 0) + 1);
  return counts;
}

/** Shares `room` between `needs` in proportion to `weights`, none getting more than it needs. */
function shareRoom(needs: number[], weights: number[], room: number): number[] {
  const given = needs.map(() => 0);
  let open = needs.map((_, i) => i).filter((i) => (needs[i] ?? 0) > 0);
  let left = room;
  while (open.length > 0 && left > 0) {
    const total = open.reduce((n, i) => n + (weights[i] ?? 1), 0);
    const satisfied = open.filter((i) => (needs[i] ?? 0) <= (left * (weights[i] ?? 1)) / total);
    if (satisfied.length === 0) {
      for (const i of open) given[i] = Math.floor((left * (weights[i] ?? 1)) / total);
      break;
    }
    for (const i of satisfied) {
      given[i] = needs[i] ?? 0;
      left -= needs[i] ?? 0;
    }
    open = open.filter((i) => !satisfied.includes(i));
  }
  return given;
}

/** The items that fit in `room` bytes, in order. */
function keptItems(items: string[], room: number): string[] {
  const kept: string[] = [];
  let used = 0;
  for (const item of items) {
    used += lineSize(item);
    if (used > room) break;
    kept.push(item);
  }
  return kept;
}

export function fitSections(
  sections: MarkdownSection[],
  limit = MARKDOWN_LIMIT,
  options: FitOptions = {},
): string {
  const whole = sections.flatMap((s) => [...s.head, ...s.items, ...s.tail]);
  if (size(whole) <= limit) return `${whole.join('\n').replace(/\n+$/, '')}\n`;

  const closing = ['', options.note ?? truncationNote()];
  const notes = sections.some((s) => s.countsLeftOut) ? 2 : 1;
  const budget = limit - size(closing) - notes * size(['', dropNote(dropCounts(sections, sections.length))]);
  // 1. Heads and tails, in order, each with its first item: a section shown with none of its
  // items is a heading over an empty table (QA35: 25 agents × 80 tasks left 60 task details
  // with a header row and "2 more lines not shown" each); better to leave it out and count it.
  const need = (s: MarkdownSection) => size(s.items) - minItemsSize(s);
  // Room held back for the `keep` sections' items while the other sections' heads are admitted.
  const held = Math.min(
    Math.floor(budget / 2),
    sections
      .filter((s) => s.priority === 'keep')
      .reduce((n, s) => n + Math.min(need(s), Math.floor(budget * (s.cap ?? 1))), 0),
  );
  // Spare sections' heads also leave room (up to a quarter) for the other admitted sections' items:
  // a failing task's failing examples before one more passing task's heading.
  const chosen = new Set<MarkdownSection>();
  let used = 0;
  let wanted = 0;
  const ranked = sections.filter((s) => s.rank !== undefined).sort((a, b) => (b.rank ?? 0) - (a.rank ?? 0));
  const order = [...sections.filter((s) => s.rank === undefined), ...ranked];
  // Ranked sections (failing tasks) likewise leave room (up to a quarter) for the items of the
  // unranked shared sections weighted above the others (the deltas' rows, pass → fail) admitted
  // before them (QA88: 300 failing tasks' details left "Changes vs baseline" 1 row of 1,326 under
  // "4 significant regressions", and 1 pass → fail example of 438); not for passing gates' or
  // latency rows, which a failing task's examples come before.
  let wantedUnranked = 0;
  // Worst first, strictly: once a ranked section does not fit, none ranked below it is admitted in
  // its place (a smaller one with 2 failing examples filled the room a 3-failing one left, so which
  // of them showed turned on a few bytes of the run's latency table; QA87's test failed at load 10).
  let rankCut: number | undefined;
  for (const spare of [false, true]) {
    const hold = spare ? held + Math.min(wanted, Math.floor(budget / 4)) : held;
    for (const s of order) {
      if ((s.spare === true) !== spare) continue;
      if (s.rank !== undefined && rankCut !== undefined && s.rank < rankCut) continue;
      const frame = frameSize(s) + minItemsSize(s);
      const reserve =
        s.priority === 'keep'
          ? 0
          : hold + (s.rank === undefined ? 0 : Math.min(wantedUnranked, Math.floor(budget / 4)));
      if (used + frame + reserve > budget) {
        if (s.rank !== undefined) rankCut = Math.min(rankCut ?? s.rank, s.rank);
        continue;
      }
      chosen.add(s);
      used += frame;
      if (s.priority !== 'keep') wanted += need(s);
      if (s.priority !== 'keep' && s.rank === undefined && (s.weight ?? 1) > 1) wantedUnranked += need(s);
    }
  }
  const admitted = sections.filter((s) => chosen.has(s));
  // 2. The items of `keep` sections, shared between them (a short score table is never starved
  // by 1,000 failing gates); 3. the other sections share the rest.
  const room = new Map<MarkdownSection, number>();
  const shared = admitted.filter((x) => x.priority !== 'keep');
  const itemRoom = budget - used;
  let left = itemRoom;
  // `keep` sections without a `cap` first (the score table), then the capped ones (failing gates),
  // which take at most `cap` of the room while the shared sections want it (QA38: 300 failing
  // gates left "Changes vs baseline" one row of 546).
  const sharedNeed = shared.reduce((n, s) => n + need(s), 0);
  // A cap is a part of all the items' room: the items admitted sections always show beyond their
  // first (a failing task's first failing examples, QA87) are items, not frames.
  const guaranteed = admitted.reduce((n, s) => n + minItemsSize(s) - size(s.items.slice(0, 1)), 0);
  for (const capped of [false, true]) {
    const keep = admitted.filter((x) => x.priority === 'keep' && (x.cap !== undefined) === capped);
    const capRoom = (s: MarkdownSection) =>
      Math.max(Math.floor((itemRoom + guaranteed) * (s.cap ?? 1)), left - sharedNeed);
    const keepRoom = shareRoom(
      keep.map((s) => Math.min(need(s), capRoom(s))),
      keep.map((s) => s.weight ?? 1),
      left,
    );
    for (const [i, s] of keep.entries()) {
      room.set(s, minItemsSize(s) + (keepRoom[i] ?? 0));
      left -= keepRoom[i] ?? 0;
    }
  }
  // A failing task left out for room leaves none to the passing gates' or latency rows (unranked,
  // weight 1) beyond their first: what room is left goes to the failing tasks shown (QA88; a longer
  // closing note, 87b69be9, cut one task more and its room showed 5 latency rows).
  const starved = (s: MarkdownSection) =>
    rankCut !== undefined && s.rank === undefined && (s.weight ?? 1) <= 1;
  const given = shareRoom(
    shared.map((s) => (starved(s) ? 0 : size(s.items) - minItemsSize(s))),
    shared.map((s) => s.weight ?? 1),
    left,
  );
  for (const [i, s] of shared.entries()) room.set(s, minItemsSize(s) + (given[i] ?? 0));

  // Counted in the order they were considered (QA89: "98 more regressed tasks" before "160 more
  // failing tasks", whatever the tasks' names), not the document's.
  const dropped = [false, true].flatMap((spare) =>
    order.filter((s) => (s.spare === true) === spare && !chosen.has(s)),
  );
  const anchor = admitted.find((s) => s.countsLeftOut);
  const counted = anchor ? dropped.filter((s) => s.kind !== undefined) : [];
  const atEnd = dropped.filter((s) => !counted.includes(s));
  const out: string[] = [];
  for (const s of admitted) {
    const kept = keptItems(s.items, room.get(s) ?? 0);
    if (kept.length === s.items.length) out.push(...s.head, ...s.items, ...s.tail);
    else out.push(...s.head, ...kept, '', moreLine(s, s.items.length - kept.length), ...s.tail);
    if (s === anchor && counted.length > 0) out.push(dropNote(dropCounts(counted)), '');
  }
  if (atEnd.length > 0) out.push('', dropNote(dropCounts(atEnd)));
  out.push(...closing);
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}
