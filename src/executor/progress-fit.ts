/**
 * A live progress line fitted to a narrow terminal (QA94, QA106): cut at the width, the summary
 * line `… 12 more agents: 444/480 done, stopped (36 not run), …` lost its `stopped (N not run)`
 * on a 40–60 column terminal, and an agent's own line its `eta`/`stopped` field. The line is
 * drawn as it is when it fits; else from shorter forms of its fields, the ones that matter first,
 * keeping as many as fit; only a line whose first fields do not fit is cut (`…`).
 */

/** One shorter form of a line: its fields in order of importance, and how many must all show. */
export interface LineForm {
  parts: readonly string[];
  /** Leading parts the form is worth drawing with (the others are dropped from the end). */
  essential: number;
  separator: string;
}

export function fitLine(full: string, forms: readonly LineForm[], width: number): string {
  if (full.length <= width) return full;
  for (const form of forms) {
    const parts = form.parts.filter((p) => p !== '');
    let text = parts.slice(0, form.essential).join(form.separator);
    if (text.length > width) continue;
    for (const part of parts.slice(form.essential)) {
      const longer = `${text}${form.separator}${part}`;
      if (longer.length > width) break;
      text = longer;
    }
    return text;
  }
  const last = forms.at(-1);
  const text = last ? last.parts.filter((p) => p !== '').join(last.separator) : full;
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}

/**
 * An id cut to `room` characters around one `…` (at least its first character), whole when it fits.
 * It keeps its start and its end: agents of one family differ at the end (`support-agent-gpt-4o`,
 * `support-agent-claude`), and cut at the end they read alike (QA110). Where the even cut reads
 * like one of `others` (`customer-support-gpt-4o-with-tools` and `…-claude-with-tools` both read
 * `customer-…ith-tools`: they differ in the middle), the `…` moves to the nearest place where it
 * does not (QA117).
 */
export function clipId(id: string, room: number, others: readonly string[] = []): string {
  if (id.length <= room) return id;
  const keep = Math.max(1, room - 1);
  const even = Math.ceil(keep / 2);
  const cut = (head: number) => {
    const tail = keep - head;
    return { head: id.slice(0, head), tail: tail > 0 ? id.slice(-tail) : '' };
  };
  // Another id reads like this cut when it starts with its head and ends with its tail.
  const alike = ({ head, tail }: { head: string; tail: string }) =>
    others.some(
      (o) => o !== id && o.length >= head.length + tail.length && o.startsWith(head) && o.endsWith(tail),
    );
  for (let d = 0; d <= keep; d++)
    for (const head of d === 0 ? [even] : [even + d, even - d]) {
      if (head < 1 || head > keep) continue;
      const c = cut(head);
      if (!alike(c)) return `${c.head}…${c.tail}`;
    }
  const c = cut(even);
  return `${c.head}…${c.tail}`;
}
