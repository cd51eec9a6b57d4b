/** Escaping of data placed in GitHub-flavoured Markdown and in its inline HTML. */
import { showControlChars } from '../lockfile/control-chars.js';

/** A zero-width space, as an entity: `@&#8203;team` renders as `@team` and GitHub links nothing. */
const ZWSP = '&#8203;';

/**
 * Escapes Markdown syntax (and `|` for table cells, `$` for GitHub's math: QA62); newlines become spaces. Data that GitHub
 * would turn into a notification or a cross-reference — `@user`, `@org/team`, `#12`,
 * `owner/repo#12` in an agent's answer or an example id — gets a zero-width space after its `@`
 * or `#` (QA47: every CI run's PR comment pinged whoever the agent named, and put an entry in
 * issue #1's timeline for an answer saying "step #1"), and GitHub's other issue reference, `GH-12`,
 * after its `-` (QA349: "fixed in GH-12" cross-referenced issue 12). Escaping does not stop them:
 * GitHub finds mentions in the rendered text.
 */
export function escapeMarkdown(text: string): string {
  return showControlChars(
    text
      .replace(/\r?\n|\r/g, ' ')
      .replace(/[\\`*_{}[\]()<>#+!|~&$]/g, (c) =>
        c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : `\\${c}`,
      )
      .replace(/(^|[^A-Za-z0-9_])@(?=[A-Za-z0-9])/g, `$1@${ZWSP}`)
      .replace(/\\#(?=[0-9])/g, `\\#${ZWSP}`)
      .replace(/(^|[^A-Za-z0-9_])(GH-)(?=[0-9])/gi, `$1$2${ZWSP}`),
  );
}

/** `text` as a code span: fenced by a backtick run longer than any inside it (QA62: ``` `` ``` closed a `` fence). */
function codeSpan(text: string): string {
  const runs = text.match(/`+/g);
  if (runs === null) return `\`${text}\``;
  const fence = '`'.repeat(Math.max(...runs.map((r) => r.length)) + 1);
  return `${fence} ${text} ${fence}`;
}

/** Inline code in a table cell: `|` escaped (GFM unescapes it inside a cell, code spans included). */
export function code(text: string): string {
  return codeSpan(showControlChars(text.replace(/\r?\n|\r/g, ' ').replace(/\|/g, '\\|')));
}

/**
 * Inline code outside a table (a list, a paragraph): `|` kept as it is, since a code span there
 * shows a backslash literally (QA62: the id `a|b` read `a\|b` in "New examples").
 */
export function codeText(text: string): string {
  return codeSpan(showControlChars(text.replace(/\r?\n|\r/g, ' ')));
}

export function escapeHtml(text: string): string {
  return showControlChars(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The characters of an example id that report.md and `evalc diff --format md` show. */
export const SHOWN_ID_CHARS = 200;

/**
 * Text inside report.md's inline HTML (a task's `<summary>`): escaped as HTML, and a mention or issue
 * reference broken as escapeMarkdown breaks it, since GitHub finds them in HTML text too (QA357: a
 * task named `gh-12`, after the issue it guards, cross-referenced issue 12 from its folded heading on
 * every CI run). An entity's `&#39;` is no reference.
 */
export function escapeHtmlText(text: string): string {
  return escapeHtml(text)
    .replace(/(^|[^A-Za-z0-9_])@(?=[A-Za-z0-9])/g, `$1@${ZWSP}`)
    .replace(/(?<!&)#(?=[0-9])/g, `#${ZWSP}`)
    .replace(/(^|[^A-Za-z0-9_])(GH-)(?=[0-9])/gi, `$1$2${ZWSP}`);
}

/** Of a cut id, the characters kept from its end (QA357). */
const SHOWN_ID_TAIL = 49;

/**
 * An example id as report.md and `evalc diff --format md` show it: cut to 200 characters, its first
 * 150 and its last 49 around a `…` (report.html, report.json and junit.xml keep it whole). QA349: a
 * 70,000-character id made the Errors table's row (its "first seen" cell) and each failing example's
 * line too big for the comment, which then dropped the whole Errors table and listed no failing
 * example. QA357: the cut kept the first 199 characters only, so ids that share them (a dataset whose
 * ids are a long common instruction, then the question) were all shown as one id; they mostly
 * differ at their end, which is kept too.
 */
export function shownId(id: string): string {
  if (id.length <= SHOWN_ID_CHARS) return id;
  const head = id.slice(0, SHOWN_ID_CHARS - 1 - SHOWN_ID_TAIL).replace(/[\uD800-\uDBFF]$/, '');
  const tail = id.slice(id.length - SHOWN_ID_TAIL).replace(/^[\uDC00-\uDFFF]/, '');
  return `${head}…${tail}`;
}

/** At most 20 example ids, then how many more (a dataset rewritten in a PR can rename thousands). */
export function listIds(ids: readonly string[], mark: (text: string) => string): string {
  const shown = ids
    .slice(0, 20)
    .map((id) => mark(shownId(id)))
    .join(', ');
  return ids.length > 20 ? `${shown} … and ${ids.length - 20} more` : shown;
}
