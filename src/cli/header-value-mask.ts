/**
 * Header values written into a plan are secrets (README "Secrets"): a diagnostic's excerpt of a
 * line that holds one (`a1: { protocol: raip, url: …, headers: { authorization: "Bearer sk-…" }, limitz: 1 }`)
 * must not print it. The spans of `agents.*.headers.*` and `judges.*.headers.*` values of a plan
 * file, by line, to mask one `*` per character (the caret keeps its column); `${env.NAME}` and
 * `$NAME` references stay readable (a diagnostic may be about them), unless the name reads as a key
 * (QA280). QA60.
 */
import { isAlias, isCollection, isMap, isPair, isScalar, isSeq, parseDocument, visit } from 'yaml';
import { agentSchema } from '../plan/agent-schema.js';
import { HEADER_TOKEN, headerNameHoldsKey } from '../plan/header-name-check.js';
import { judgeSchema, planSchema } from '../plan/schema.js';
import { looksLikeSecret } from '../plan/secret-placement.js';

/**
 * Larger files are parsed for this only when they read as plan files, with an `agents:` or `judges:`
 * key at a line's start (a dataset is not parsed again): a plan of inline examples passes 1 MB (QA191: one of
 * 1.5 MB printed its literal header values in an excerpt).
 */
const MAX_PLAN_BYTES = 1 << 20;
// The key quoted too, `"agents":` (QA196: such a plan printed its header values as written), so
// also indented under a JSON plan's `{`, or after its `{` or `,` on one line (QA198: a minified
// JSON plan, one line, printed them); an unquoted one indented is a dataset field.
const PLAN_SECTION =
  /^\uFEFF?(?:agents|judges)[ \t]*:|(?:^\uFEFF?|[{,])[ \t]*(["'])(?:agents|judges)\1[ \t]*:/m;
const HEADERS_KEY = /^headers?$/i;
const OWNERS = /^(?:agents|judges)$/;
const PLAN_KEYS = new Set(Object.keys(planSchema.shape));
/** Every key an agent or a judge may hold: a header line written at their column is none of them. */
const ENTRY_KEYS = new Set([
  ...agentSchema.options.flatMap((option) => Object.keys(option.shape)),
  ...Object.keys(judgeSchema.shape),
]);
const PLAN_KEY = /^(?:evalc|agents|judges|headers?)$/i;
const REFERENCE = /\$\{env\.[A-Za-z_][A-Za-z0-9_]*\}|\$[A-Z_][A-Z0-9_]+/g;

/** A serve.env value the excerpt masks: one with a `${` or `{{`, or a `$NAME` that reads as a key. */
function maskedEnvValue(value: string): boolean {
  if (/\$\{|\{\{/.test(value)) return true;
  // any case, and a key's own `-` read as `_` (QA290: `$ghp_…`, `$sk-live-…` were shown whole), its
  // `.` kept (QA298: Google's `$ya29.a0AfH6…` was read `$ya29` and shown whole)
  for (const m of value.matchAll(/\$([A-Za-z_][A-Za-z0-9_.-]*)/g))
    if (looksLikeSecret(m[1]!.replace(/-/g, '_'))) return true;
  return false;
}

/** Column spans `[from, to)` (0-based, UTF-16) of header values on each 0-based line. */
export type LineSpans = Map<number, Array<[number, number]>>;

export function headerValueSpans(text: string): LineSpans {
  const spans: LineSpans = new Map();
  if ((text.length > MAX_PLAN_BYTES && !PLAN_SECTION.test(text)) || !/header|\$\{|\{\{|\$[A-Z_]/i.test(text))
    return spans;
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const add = (from: number, to: number) => {
    for (let line = lineOf(lineStarts, from); line < lineStarts.length && lineStarts[line]! < to; line++) {
      const start = Math.max(from, lineStarts[line]!) - lineStarts[line]!;
      const end = Math.min(to, lineStarts[line + 1] ?? text.length) - lineStarts[line]!;
      spans.set(line, [...(spans.get(line) ?? []), [start, end]]);
    }
  };
  // A file whose lines end with a lone CR is read with LF there too (same offsets): YAML takes it for
  // one line and found no headers, so the excerpt of its one line, the whole plan, printed their
  // values in the open (QA187). Read as written as well: a LF file with one stray CR in a comment
  // (`# note⏎  - x: [`) reads as no mapping with LF there, and its headers went unmasked (QA191).
  const readings = [text, text.replace(/\r(?!\n)/g, '\n')];
  for (const reading of readings[1] === text ? [text] : readings) {
    let doc: ReturnType<typeof parseDocument>;
    try {
      doc = parseDocument(reading, { uniqueKeys: false, strict: false });
    } catch {
      continue;
    }
    addHeaderValues(doc, add, reading);
  }
  return spans;
}

function addHeaderValues(
  doc: ReturnType<typeof parseDocument>,
  add: (from: number, to: number) => void,
  text: string,
): void {
  // An alias is read where its anchor stands (QA198: `x-common: &h { authorization: "Bearer sk-…" }`
  // then `headers: *h`, refused 'unknown key `x-common`', printed the token as written).
  const seen = new Set<unknown>();
  const real = (node: unknown): unknown => (isAlias(node) ? node.resolve(doc) : node);
  // Every `headers:` of the file, not only those YAML read under `agents.<name>`/`judges.<name>`:
  // one indented with a tab is read as a top-level key (QA198: printed as written under 'Tabs are
  // not allowed as indentation'); `header:`/`Headers:` misspelt (unknown key) too, and `headers:`
  // written as a list by mistake (`[{ name: authorization, value: "Bearer sk-…" }]`, every scalar).
  // Only in a plan file (a top-level `evalc:`, `agents:` or `judges:`), and not under `tasks:`: a
  // binding's `input: { headers: { x-trace: "{{id}}" } }` and an example's `headers:` are plan
  // content, shown in reports (QA208: a template error's excerpt starred the very `{{…}}` it was about).
  const top = doc.contents;
  if (!isMap(top) || !top.items.some((p) => isScalar(p.key) && PLAN_KEY.test(String(p.key.value)))) return;
  visit(doc, {
    Pair(_, pair, path) {
      if (!isScalar(pair.key)) return;
      if (path.length === 2 && pair.key.value === 'tasks') return visit.SKIP;
      // A serve.env value holding a `${` (`K: "${env.K:=sk-…}"`, refused a malformed reference said
      // without its default) printed that default in the excerpt (QA232), and one holding a `{{`
      // (`K: "{{sk-live-…}}"`, warned `{{…}}`) printed it whole (QA242); a plain one (`PORT: "7101"`)
      // is a setting, shown as written; one holding a `$NAME` whose name reads as a key
      // (`K: "$AKIAIOSFODNN7EXAMPLE"`, warned `$…`) is masked as well (QA285: printed whole).
      const owner = path[path.length - 2];
      if (pair.key.value === 'env' && isPair(owner) && isScalar(owner.key) && owner.key.value === 'serve') {
        const env = real(pair.value);
        if (isMap(env))
          for (const item of env.items) {
            const value = real(item.value);
            if (isScalar(value) && typeof value.value === 'string' && maskedEnvValue(value.value))
              addScalars(value, add, real, seen);
          }
        return;
      }
      if (!HEADERS_KEY.test(String(pair.key.value))) return;
      const headers = real(pair.value);
      if (isMap(headers))
        for (const item of headers.items) {
          addScalars(item.value, add, real, seen);
          // a name holding a key (`"x-api-key: ghp_…": x`, a header line pasted as the name), refused
          // by validate (header-name-check.ts): starred too (QA363)
          const key = item.key;
          if (isScalar(key) && typeof key.value === 'string' && !HEADER_TOKEN.test(key.value))
            if (headerNameHoldsKey(key.value)) addScalars(key, add, real, seen);
          // In a block mapping, the rest of a value's line too: what the reader left after it (an
          // alias then the token, `authorization: *h Bearer ghp_…`, 'Unexpected scalar') is no node,
          // and was shown as written (QA335).
          // (a list or mapping written by mistake keeps its brackets: the shape its error is about)
          const node = item.value;
          const from = isAlias(node) ? node.range?.[0] : isScalar(node) ? node.range?.[1] : undefined;
          if (!headers.flow && from !== undefined) {
            const end = text.indexOf('\n', from);
            add(from, end === -1 ? text.length : end);
          }
        }
      else if (isSeq(headers))
        // a list by mistake: each entry's values, its keys shown (QA208: `[{ name: …, value: … }]`
        // read `[{ ****: …, *****: … }]`, hiding the shape 'expected a mapping, got a list' is about)
        for (const entry of headers.items) {
          const map = real(entry);
          if (isMap(map)) for (const item of map.items) addScalars(item.value, add, real, seen);
          else addScalars(entry, add, real, seen);
        }
      else addScalars(headers, add, real, seen);
    },
    // A header line indented short of its mapping (`      authorization: …` then `     x-key: "…"`)
    // is read as a key beside `headers:`, of the agent, of `agents:` or of the plan, under 'All
    // mapping items must start at the same column' (QA208: its excerpt printed the value as
    // written): a key out of its block mapping's column right after what ends in a `headers:` has its
    // value masked; so has a scalar, at its column, after an agent or judge that ends so (`agents.x-key:
    // expected a mapping`), as no agent or judge is one.
    Map(_, map, path) {
      if (map.flow) return;
      const parent = path[path.length - 1];
      const owners =
        path.length === 3 && isPair(parent) && isScalar(parent.key) && OWNERS.test(String(parent.key.value));
      const root = path.length === 1; // a scalar under no key of the plan's there (`x-key: "…"` at column 0)
      // an agent's or judge's own mapping: a header line written at its keys' column, under a
      // `headers:` left empty or after its last line (`    headers:` then `    authorization: "Bearer sk-…"`,
      // refused 'unknown key `authorization`'; QA211: printed as written), is no key of theirs
      const grand = path[path.length - 3];
      const entry =
        path.length === 5 && isPair(grand) && isScalar(grand.key) && OWNERS.test(String(grand.key.value));
      let afterHeaders = false;
      let column: number | undefined;
      for (const pair of map.items) {
        const at = isScalar(pair.key) ? pair.key.range?.[0] : undefined;
        if (at === undefined) {
          afterHeaders = false;
          continue;
        }
        const col = at - text.lastIndexOf('\n', at - 1) - 1;
        column ??= col;
        const value = real(pair.value);
        if (
          afterHeaders &&
          (col !== column ||
            (owners && isScalar(value)) ||
            (root && isScalar(value) && !PLAN_KEYS.has(String((pair.key as { value: unknown }).value))) ||
            (entry && isScalar(value) && !ENTRY_KEYS.has(String((pair.key as { value: unknown }).value))))
        )
          addScalars(pair.value, add, real, seen);
        else afterHeaders = endsInHeaders(pair, real);
      }
    },
  });
}

/** Whether a pair is a `headers:`, or its block mapping's last key is one, at any depth (an alias's too, 64 deep at most). */
function endsInHeaders(
  pair: { key: unknown; value: unknown },
  real: (node: unknown) => unknown,
  depth = 0,
): boolean {
  if (isScalar(pair.key) && HEADERS_KEY.test(String(pair.key.value))) return true;
  const value = real(pair.value);
  const last = isMap(value) && !value.flow ? value.items[value.items.length - 1] : undefined;
  return last !== undefined && depth < 64 && endsInHeaders(last, real, depth + 1);
}

/**
 * Every scalar of a header value: one written as a list or mapping by mistake (`authorization:
 * [Bearer sk-…]`, `{ Bearer: sk-… }`) is refused 'expected string, got a list', and its excerpt
 * printed the token as written (QA196); an alias's anchor too (QA198).
 */
function addScalars(
  given: unknown,
  add: (from: number, to: number) => void,
  real: (node: unknown) => unknown,
  seen: Set<unknown>,
): void {
  const node = real(given);
  if (seen.has(node)) return;
  seen.add(node);
  if (isScalar(node)) {
    if (node.range) add(node.range[0], node.range[1]);
  } else if (isCollection(node)) {
    for (const item of node.items)
      if (isPair(item)) {
        addScalars(item.key, add, real, seen);
        addScalars(item.value, add, real, seen);
      } else addScalars(item, add, real, seen);
  }
}

function lineOf(lineStarts: number[], offset: number): number {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * `line` with each span's characters as `*` (code unit by code unit: a surrogate pair becomes
 * `**`), quotes, spaces and references kept.
 */
export function maskSpans(line: string, spans: ReadonlyArray<[number, number]> | undefined): string {
  if (!spans || spans.length === 0) return line;
  const chars = line.split('');
  // References are found in the whole line: in a file YAML could not read, a value's span may end
  // inside one (`x-key: ${env.KEY}` in braces is the value `$`), which read `*{env.KEY}` (QA166).
  const kept = new Set<number>();
  // Not one whose name reads as a key pasted in its place, `${env.ghp_AbCd…}`, `$AKIAIOSFODNN7…`
  // (QA280: the excerpt under 'the `}` after ${env…}' printed it whole).
  for (const m of line.matchAll(REFERENCE))
    if (!looksLikeSecret(m[0].replace(/^\$(?:\{env\.)?|\}$/g, '')))
      for (let i = 0; i < m[0].length; i++) kept.add(m.index + i);
  for (const [from, to] of spans) {
    for (let i = from; i < Math.min(to, chars.length); i++)
      if (!kept.has(i) && !/[\s"']/.test(chars[i]!)) chars[i] = '*';
  }
  return chars.join('');
}
