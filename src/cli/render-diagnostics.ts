/**
 * Renders diagnostics for humans: `file:line:col: error CODE: message`, a caret excerpt (at most
 * 120 characters around the column; none for a line that is not text), a hint. At most
 * `PER_CODE` diagnostics of one code are shown in full; the rest of that code are counted in one
 * line (a 50,000-example dataset with 25,000 duplicate ids printed 100,000 lines; `--json` keeps
 * every diagnostic).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { endsRowsWithCr } from '../compiler/csv-quote-error.js';
import { showControlChars } from '../lockfile/control-chars.js';
import { starCommandCredentials } from '../plan/command-secrets.js';
import type { Diagnostic } from '../plan/diagnostic.js';
import { replaceKeyedPlaceholders } from '../plan/placeholder-keys.js';
import { holdsKey, looksLikeSecret, replaceKeyedShellRefs } from '../plan/secret-placement.js';
import { isQueryCredential } from '../plan/url-secrets.js';
import { caretPadding } from './caret-padding.js';
import { headerValueSpans, type LineSpans, maskSpans } from './header-value-mask.js';
import { isPipeLike, noFolderKind } from './regular-file.js';
import { shellLine } from './shell-word.js';

/** Diagnostics of one code shown in full before the rest are counted. */
export const PER_CODE = 20;

/** `plan`: the plan argument as written (none for ./evalc.yaml), named in the `evalc validate --json` line. */
export function renderDiagnostics(diagnostics: readonly Diagnostic[], cwd: string, plan?: string): string {
  const cache = new Map<string, FileText | undefined>();
  const lines: string[] = [];
  const shown = new Map<string, number>();
  const hidden = new Map<string, number>();
  for (const d of diagnostics) {
    const count = shown.get(d.code) ?? 0;
    if (count >= PER_CODE) {
      hidden.set(d.code, (hidden.get(d.code) ?? 0) + 1);
      continue;
    }
    shown.set(d.code, count + 1);
    const where = d.source ? `${d.source.file}:${d.source.line}:${d.source.col}: ` : '';
    lines.push(`${where}${d.severity} ${d.code}: ${d.message}`);
    if (d.source) {
      const file = readLines(cache, path.resolve(cwd, d.source.file));
      const text = file?.lines[d.source.line - 1];
      if (text !== undefined && !isBinaryText(text)) {
        const gutter = String(d.source.line).padStart(4);
        // A key written out in a command (`AGENT_EVAL_LLM_API_KEY=sk-…`, command-secrets.ts) too (QA339).
        const masked = starCommandCredentials(
          maskKeyedReferences(maskSpans(maskUrlPasswords(text), file?.headerSpans.get(d.source.line - 1))),
        );
        const excerpt = excerptAround(masked, d.source.col);
        // Control characters are shown as `\u001b` (QA48), before the caret too, so it stays under its column;
        // a LF too: a lone-CR CSV file's line may hold one (QA179: the excerpt ran over several lines).
        const shown = (t: string) => showControlChars(t).replaceAll('\n', '\\u000a');
        lines.push(`${gutter} | ${shown(excerpt.text)}`);
        const before = shown(excerpt.text.slice(0, excerpt.caret));
        lines.push(`${' '.repeat(gutter.length)} | ${caretPadding(before)}^`);
      }
    }
    if (d.hint) lines.push(`  hint: ${d.hint}`);
  }
  // The line names the plan: `evalc validate --json` of `evalc plan sub` validated ./evalc.yaml (QA234).
  const named = plan === undefined ? [] : plan.startsWith('-') ? ['--', plan] : [plan];
  const validate = shellLine([
    'evalc',
    'validate',
    ...(named[0] === '--' ? ['--json', ...named] : [...named, '--json']),
  ]);
  for (const [code, n] of hidden)
    lines.push(`… and ${n} more ${code} (${PER_CODE} shown; \`${validate}\` lists every one)`);
  const pipe = pipePlanNote(diagnostics, cwd, plan);
  if (pipe !== undefined) lines.push(`note: ${pipe}`);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  lines.push(`${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`);
  return lines.join('\n');
}

const notFound = (d: Diagnostic) => d.code === 'EVALC_DATASET_NOT_FOUND' || d.code === 'EVALC_FILE_NOT_FOUND';

/**
 * A plan read through a pipe or a descriptor (`evalc validate /dev/stdin < evalc.yaml`) has no
 * folder: the files it names were looked for beside /dev (QA251: 'dataset file not found' alone).
 */
function pipePlanNote(diagnostics: readonly Diagnostic[], cwd: string, plan?: string): string | undefined {
  if (plan === undefined || !diagnostics.some(notFound) || !isPipeLike(path.resolve(cwd, plan)))
    return undefined;
  return `${plan} is ${noFolderKind(path.resolve(cwd, plan))}, with no folder: the datasets and includes a plan names are read beside it; name the plan's own file`;
}

/** `--json`'s diagnostics: a not-found one of a plan read through a pipe hints so (QA254: text alone said it). */
export function withPipePlanHint(diagnostics: Diagnostic[], cwd: string, plan?: string): Diagnostic[] {
  const note = pipePlanNote(diagnostics, cwd, plan);
  if (note === undefined) return diagnostics;
  return diagnostics.map((d) => (notFound(d) ? { ...d, hint: d.hint ? `${d.hint}; ${note}` : note } : d));
}

interface FileText {
  lines: string[];
  /** Where the plan's literal header values are, masked in excerpts (header-value-mask.ts). */
  headerSpans: LineSpans;
}

function readLines(cache: Map<string, FileText | undefined>, file: string): FileText | undefined {
  if (!cache.has(file)) {
    try {
      const text = readFileSync(file, 'utf8');
      // The spans are offsets in the text as read; a CRLF line ends one character later, which
      // the split below drops, so columns agree. A CSV file whose rows end with a lone CR (Excel's
      // "CSV (Macintosh)") is said by those lines, as its reader counts them (QA176: no excerpt).
      // Decided on the text as the reader gets it, CRLF read as LF (QA179: a CRLF file with a CR
      // doubled before each LF, `\r\r\n`, was split by CR, each line shown after a `\u000a`).
      const normal = text.replaceAll('\r\n', '\n');
      const crRows = /\.csv$/i.test(file) && endsRowsWithCr(normal, 0);
      cache.set(
        file,
        crRows
          ? { lines: normal.split('\r'), headerSpans: new Map() }
          : { lines: text.split(/\r?\n/), headerSpans: headerValueSpans(text) },
      );
    } catch {
      cache.set(file, undefined);
    }
  }
  return cache.get(file);
}

/**
 * A `${env.NAME}` (or `${NAME}`) whose name reads as a key pasted in its place, anywhere on the line (a url, a
 * model, a template under EVALC_SECRET_PLACEMENT), one `*` per character (QA285: printed whole).
 */
export function maskKeyedReferences(text: string): string {
  // a key pasted as a placeholder, `{{env.ghp_…}}` (QA322: shown whole under a url's 'holds a {{template}}')
  text = replaceKeyedPlaceholders(text, (placeholder) => '*'.repeat(placeholder.length));
  // one written shell-style, `$ghp_…`, `$env:ghp_…` (QA335: shown whole under a dataset source's message)
  text = replaceKeyedShellRefs(text, (ref) => '*'.repeat(ref.length));
  if (!text.includes('${')) return text;
  // also one left open, `${env.ghp_…`, or without `env.`, `${ghp_…}` (malformed, said `${…}`), and a key
  // past a name's characters, `${env.sk-proj-…}`, `${env:ghp_…}` (QA306: shown whole in a judge command),
  // and one with spaces inside its braces, `${ ghp_… }` (QA304: shown whole under a dataset source's message),
  // and one in brackets or quotes, `${env["ghp_…"]}`, `${env['…']}`, `${"…"}` (QA311: said `${env…}`, shown whole)
  return text.replace(
    /\$\{[ \t]*(?:env(?:[.:]|\[))?(?:\\?["'`])?([^}\s`"']*)(?:[ \t]*\})?/g,
    (ref, inside: string) => (holdsKey(inside) ? '*'.repeat(ref.length) : ref),
  );
}

/** Widest excerpt shown: a long line (a minified JSON line, a 50 MB scalar) is cut around the column. */
const EXCERPT_WIDTH = 120;

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** The part of `text` shown under a diagnostic, `…`-marked where cut, and the caret's offset in it. */
export function excerptAround(text: string, col: number): { text: string; caret: number } {
  const at = Math.max(0, col - 1);
  if (text.length <= EXCERPT_WIDTH) return { text, caret: at };
  let start = Math.max(0, Math.min(at - EXCERPT_WIDTH / 2, text.length - EXCERPT_WIDTH));
  let end = start + EXCERPT_WIDTH;
  // A cut between the two UTF-16 units of an emoji drops its half (QA186: it printed as U+FFFD).
  if (isLowSurrogate(text.charCodeAt(start)) && start < at) start++;
  if (isLowSurrogate(text.charCodeAt(end)) && end - 1 > at) end--;
  const head = start > 0 ? '…' : '';
  const tail = end < text.length ? '…' : '';
  return { text: `${head}${text.slice(start, end)}${tail}`, caret: at - start + head.length };
}

/**
 * A password written into a URL (`http://user:secret@host`, which EVALC_URL_CREDENTIALS warns
 * about; or a token alone, `https://TOKEN@host`), and a credential in a query (`?code=…`), are masked in the excerpt, one `*` per character so the caret stays in place. A scan
 * from each `://` (bounded), not a regular expression: a line may be a 50 MB scalar.
 */
export function maskUrlPasswords(text: string): string {
  let out = text;
  for (let at = out.indexOf('://'); at !== -1; at = out.indexOf('://', at + 3)) {
    const from = at + 3;
    let colon = -1;
    let end = -1;
    // A password holding an unescaped `/`, `?` or `#` (`user:ab/cd@h`, a base64 token) is read on to
    // its `@`, after a `user:` whose word is no port (QA226: it was shown); `h:7000/a@b` is a port.
    let past = false;
    for (let i = from; i < out.length && i - from < 512; i++) {
      const ch = out[i]!;
      if (ch === '@') {
        end = i;
        // A password holding an unescaped `@` (`user:c@d@h`) ends at the host's `@`, the last before
        // the path, as URL parsers read it (QA231: `d` was shown).
        for (let j = i + 1; j < out.length && j - from < 512; j++) {
          if (NOT_IN_USERINFO.has(out[j]!) || out[j] === ',') break;
          if (out[j] === '@') end = j;
        }
        break;
      }
      if (past && (NOT_IN_USERINFO.has(ch) || ch === ',') && !'/?#'.includes(ch)) break;
      if (!past && NOT_IN_USERINFO.has(ch)) {
        if (colon === -1 || out[from] === '[' || !'/?#'.includes(ch) || /^\d*$/.test(out.slice(colon + 1, i)))
          break;
        past = true;
      }
      if (ch === ':' && colon === -1) colon = i;
    }
    // `user:secret@` keeps the user; a lone `token@` (GitHub-style `https://TOKEN@host`) is the secret.
    const secretFrom = colon === -1 ? from : colon + 1;
    if (end !== -1 && secretFrom < end)
      out = `${out.slice(0, secretFrom)}${'*'.repeat(end - secretFrom)}${out.slice(end)}`;
  }
  // A credential in a query (`?code=…`, url-secrets.ts) too (QA160): `[^&#\s"']` never backtracks.
  const inFlowPlain = flowPlainReader(out);
  // `${env.X}` and `$NAME` are kept, as in a header value: what the diagnostic is about (QA160);
  // not one whose name reads as a key pasted in its place, `?key=$AKIAIOSFODNN7…` (QA285: shown).
  const masked = (name: string, value: string) =>
    isQueryCredential(`${name}=${value}`) &&
    (!value.startsWith('$') || looksLikeSecret(value.replace(/^\$(?:\{env\.)?|\}$/g, '')))
      ? '*'.repeat(value.length)
      : value;
  return out.replace(
    // `(?<=,)[ \t]*`: a key after a `,` whose own piece had no `=` (`?q=x;z,api_key=…`; QA198); a
    // `;` piece ends at a `?`, where a path's `;sig=…` gives way to the query (QA208); a `;` that no
    // `name=` follows is the value's (`?token=AbCd;EfGh1234`, url-secrets.ts' splitQuery; QA208)
    /(?:([?&]|(?<=,)[ \t]*)([\w.~%-]{1,64})=((?:[^&;#\s"']|;(?![\w.~%-]{1,64}=))+)|(;)([\w.~%-]{1,64})=((?:[^&;#\s"'?]|;(?![\w.~%-]{1,64}=))+))/g,
    (whole, ...groups: unknown[]) => {
      const [sep = '', name = '', written = ''] = (
        groups[3] === undefined ? groups.slice(0, 3) : groups.slice(3, 6)
      ) as Array<string | undefined>;
      const offset = groups[6] as number;
      // A `;name=value` in a url's path (a matrix parameter) is path, kept as written in evalc.lock,
      // the reports and messages, and so here (QA208: `/respond;sig=…?x=1` starred `…?x=1` here only).
      const before = wordBefore(out, offset);
      // An unquoted url inside `{ … }` or `[ … ]` ends at `,`, `}` or `]` (QA181: `?key=search,` read
      // `?key=*******`, a plain word evalc keeps as written everywhere else, 024d145).
      const inFlow = inFlowPlain(offset);
      // What follows such a `,` is a key, masked as the message masks it (maskQueryText, QA189), no url.
      const asUrl = !(inFlow && (sep === '' || before.includes(',')));
      const cut = inFlow ? written.search(/[,\]}]/) : -1;
      // What follows that `,` is read as a key, `…?q=x,api_key=…` (QA194: the key's message masked
      // it, 6996fba, the excerpt did not): its credential masked as a query's.
      const keys = () =>
        written
          .slice(cut)
          .replace(
            /,([\w.~%-]{1,64})=([^,\]}]+)/g,
            (_, key: string, value: string) => `,${key}=${masked(key, value)}`,
          );
      // Kept as written up to that `,`, the keys after it masked (QA222: `{ url: http://h/v1#x?a=1,token=… }`
      // showed the key `token=…`, its message `token=***`).
      const kept = cut === -1 ? whole : `${sep}${name}=${written.slice(0, cut)}${keys()}`;
      // An `&name=` before any `?` is path too, kept as written everywhere (QA211: it was starred here,
      // with the `?x=1` after it).
      if (asUrl && (sep === ';' || sep === '&') && !before.includes('?')) return kept;
      // A fragment is no query: `#x?token=…`, `?q=1#x;code=…` are kept as written in evalc.lock and
      // the reports (url-secrets.ts reads the query up to its `#`), and so here (QA211).
      if (asUrl && before.includes('#')) return kept;
      if (sep !== '?' && sep !== '&' && sep !== ';' && !inFlow) return whole; // `, name=…` is a key in { … } only
      if (cut === -1) return `${sep}${name}=${masked(name, written)}`;
      return `${sep}${name}=${masked(name, written.slice(0, cut))}${keys()}`;
    },
  );
}

/**
 * The word before `offset` (back to a space or a quote, at most 2048 characters: a line may be a
 * 50 MB scalar): a `?` in it puts `offset` in a url's query, a `#` in its fragment.
 */
function wordBefore(text: string, offset: number): string {
  let from = offset;
  // a quote that opens a scalar (after a space, an indicator or the line's start) ends it; one inside
  // it (`it''s`, `it's`) does not (QA211: `?x=it''s&key=…` read as no query)
  const opens = (at: number) => at === 0 || /[\s{[,:]/.test(text[at - 1]!);
  while (from > 0 && offset - from < 2048) {
    const ch = text[from - 1]!;
    if (/\s/.test(ch) || ((ch === '"' || ch === "'") && opens(from - 1))) break;
    from--;
  }
  return text.slice(from, offset);
}

/**
 * Whether an offset of a line (asked in increasing order, read once) lies in a flow collection,
 * `{ … }` or `[ … ]` opened on this line, outside quotes: where a plain scalar ends at `,`, `}`
 * or `]`. A quote opens after a space, an indicator or the line's start (`O'Brien` opens none).
 */
function flowPlainReader(text: string): (offset: number) => boolean {
  let i = 0;
  let depth = 0;
  let quote: string | undefined;
  return (offset) => {
    for (; i < offset; i++) {
      const ch = text[i]!;
      if (quote === '"') {
        if (ch === '\\') i++;
        else if (ch === '"') quote = undefined;
      } else if (quote === "'") {
        // `''` is a quote inside the quotes.
        if (ch === "'" && text[i + 1] === "'") i++;
        else if (ch === "'") quote = undefined;
      } else if ((ch === '"' || ch === "'") && (i === 0 || /[\s{[,:]/.test(text[i - 1]!))) quote = ch;
      else if (ch === '{' || ch === '[') depth++;
      else if ((ch === '}' || ch === ']') && depth > 0) depth--;
    }
    return depth > 0 && quote === undefined;
  };
}

const NOT_IN_USERINFO = new Set(['/', '?', '#', "'", '"', ' ', '\t']);

/** A line of a file that is not text (NUL bytes, or bytes that are not UTF-8): no excerpt. */
function isBinaryText(text: string): boolean {
  return text.includes('\u0000') || text.includes('\uFFFD');
}
