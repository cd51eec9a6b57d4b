/**
 * A credential written out in a `command:` (a stdio agent-eval judge, a `mae` local agent, a
 * `serve.command`): an environment assignment whose name is a credential's
 * (`AGENT_EVAL_LLM_API_KEY=sk-…`, which the agent-eval CLI reads, `OPENAI_API_KEY=…`,
 * `GITHUB_TOKEN=…`) or an option whose name is one (`--api-key sk-…`, `--token=…`). Such a value is
 * a secret of the run, as a url's query credential is (url-secrets.ts): masked in everything evalc
 * writes and written `***` where evalc records the command (evalc.lock's `endpoint`, the identity
 * that enters content keys and the plan digest), and validate warns (QA339: the whole command,
 * key included, was pinned in evalc.lock, report.json and report.html).
 *
 * A shell reference (`$KEY`, `"${KEY}"`, `$(cat key.txt)`) is no credential written out and is
 * kept; so are a value shorter than MIN_SECRET_LENGTH, a plain word (`--token none`) and a path
 * (`KEY_FILE=./key.pem`, `--key ~/.ssh/id`), as a url's `?key=search` is.
 */
import { MIN_SECRET_LENGTH, secretForms } from './secrets.js';

const MASK = '***';

/** An environment variable's name that holds a credential: a `KEY`, `TOKEN`, `SECRET`, `PASSWORD` word in it. */
const CREDENTIAL_ENV = /(?:^|_)(?:API_?KEY|KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?)(?:_|$)/i;

/**
 * A name (a variable's, or an option's, its dashes off) that says its value is no credential itself
 * but a setting about one: a count or limit (`MAX_TOKEN=4096`, `TOKEN_LIMIT=8000`, `--max-token`),
 * where one is (`KEY_FILE`, `SECRET_PATH`, `TOKEN_URL`), or its name or kind. Masked as a secret,
 * its value was replaced by `[redacted]` in every answer that said it (an answer 'budget 8000' beside
 * `TOKEN_LIMIT=8000` was recorded 'budget [redacted]') and kept out of content keys, so an edited
 * limit re-scored nothing (QA348).
 */
const SETTING_NAME =
  /^(?:MAX|MIN|NUM)(?:_|-|$)|(?:_|-)(?:FILE|PATH|DIR|LIMIT|SIZE|BITS|LENGTH|LEN|COUNT|TTL|TIMEOUT|URL|URI|ENDPOINT|HOST|PORT|NAME|TYPE|HEADER|FIELD|PREFIX|ENV|VAR|BUDGET)$|^(?:PAD|EOS|BOS|SEP|UNK|CLS|MASK|STOP|EOT|SPECIAL|IM[-_]START|IM[-_]END)[-_]TOKENS?$/i;

/*
 * The last alternative: a tokenizer's special token (`--eos-token '<|im_end|>'`, `PAD_TOKEN=…`), a
 * model's vocabulary, no credential: masked, every answer saying `<|im_end|>` read `[redacted]` (QA354).
 */

/**
 * An option's name (its dashes off) that takes a credential: `--api-key`, `--token`, `--password`,
 * and the same words after a prefix (`--openai-api-key`, `--llm-api-key`, `--hf-token`,
 * `--db-password`, which were recorded as written: QA348); `key` alone only (`--sort-key` is a field).
 */
const CREDENTIAL_OPTION =
  /^(?:key|x-api-key|authorization|subscription[-_]?key|(?:[a-z0-9]+[-_])*(?:api[-_]?key|apikey|token|secret|password|passwd|pwd))$/i;

/** A relative path with a file's extension (`keys/judge.pem`, `creds/sa.json`): no key holds both a `/` and a `.ext` end. */
const RELATIVE_FILE = /^[\w.-]+(?:\/[\w.-]+)+\.[A-Za-z][A-Za-z0-9]{0,5}$/;

const PLAIN_WORD = /^[a-z]+(?:[-_.][a-z]+)*$/;

interface Found {
  /** The variable's or option's name, as written (`OPENAI_API_KEY`, `--api-key`). */
  name: string;
  /** Where the value's word lies (its quotes included). */
  start: number;
  end: number;
  /** The value, its quotes taken off. */
  value: string;
}

/** The end of the shell word starting at `i` (quotes kept whole), and its text without them. */
function wordAt(command: string, i: number): { end: number; text: string } {
  let text = '';
  let j = i;
  while (j < command.length) {
    const c = command[j]!;
    if (c === "'" || c === '"') {
      const close = command.indexOf(c, j + 1);
      const stop = close === -1 ? command.length : close;
      text += command.slice(j + 1, stop);
      j = close === -1 ? command.length : close + 1;
      continue;
    }
    if (/[\s;&|<>()`]/.test(c)) break;
    text += c;
    j++;
  }
  return { end: j, text };
}

/** A value inside a quoted script: up to its quote's end or a blank. */
function wordInQuotes(command: string, i: number, quote: string): { end: number; text: string } {
  let j = i;
  while (j < command.length && command[j] !== quote && !/[\s;&|<>()`]/.test(command[j]!)) j++;
  return { end: j, text: command.slice(i, j) };
}

function isWrittenCredential(value: string): boolean {
  if (value.length < MIN_SECRET_LENGTH || value === MASK) return false;
  if (value.includes('$')) return false; // a shell reference, or built from one
  if (PLAIN_WORD.test(value)) return false;
  if (RELATIVE_FILE.test(value)) return false; // a path (QA348)
  return !/^(?:\.{0,2}\/|~\/)/.test(value); // a path
}

/**
 * A key written as a reference's fallback, `${OPENAI_API_KEY:-sk-…}` (sh's `:-`, `-`, `:=`, `=`; its
 * alternative, `:+`/`+`, written when the variable is set, QA354): the
 * reference is kept, the key it falls back to is a credential written out (QA348: it was kept whole,
 * the value holding a `$`).
 */
function writtenFallback(word: string): { at: number; value: string } | undefined {
  const found = /\$\{[A-Za-z_][A-Za-z0-9_]*:?[-=+]([^}$`"']*)\}/.exec(word);
  if (found === null || !isWrittenCredential(found[1]!)) return undefined;
  return { at: found.index + found[0].length - 1 - found[1]!.length, value: found[1]! };
}

/**
 * Whether the word at `start`, after a credential option and a blank, is another option: `--name`,
 * or `-x`/`-name` (QA354). A word of one dash whose rest reads as a written key (`-Xk29Fj3k…`, a
 * base64url key, which Go's flag and click take as the value) is the value: it was recorded whole (QA362).
 */
function nextIsOption(command: string, start: number): boolean {
  if (!/^--?[A-Za-z]/.test(command.slice(start, start + 3))) return false;
  if (command.startsWith('--', start)) return true;
  return !isWrittenCredential(wordAt(command, start).text.slice(1));
}

/** A header whose value is a credential: `Authorization`, `X-Api-Key`, `Cookie`, `*-Token`, `*-Key`, `*-Secret`. */
const CREDENTIAL_HEADER =
  /^(?:(?:proxy-)?authorization|cookie|(?:[a-z0-9]+-)*(?:api-?key|apikey|key|token|secret|password|auth))$/i;

/**
 * A value of a key's shape, what a one-letter option (`-k sk-…`, `-t ghp_…`) or a header not named as a
 * credential holds when it is one: a part between its punctuation of 24 characters, or of 12 mixing
 * letters and digits (`gpt-4o-mini`, `out.json`, `8080`, a url are none).
 */
function keyShaped(value: string): boolean {
  if (!isWrittenCredential(value) || value.includes('://')) return false;
  return value
    .split(/[^A-Za-z0-9]+/)
    .some((p) => p.length >= 24 || (p.length >= 12 && /\d/.test(p) && /[A-Za-z]/.test(p)));
}

/**
 * A header written in a command, `-H "Authorization: Bearer sk-…"`, `--header "x-api-key: …"` (curl,
 * httpie-like tools): its value, the scheme (`Bearer`, `Basic`, `token`) kept, when the header is a
 * credential's or the value is of a key's shape (QA363: recorded as written).
 */
function headerCredential(option: string, raw: string, text: string, start: number): Found | undefined {
  const line = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*:\s*(.*)$/s.exec(text);
  if (line === null) return undefined;
  const [, header = '', whole = ''] = line;
  const value = /^(?:Bearer|Basic|Token|Digest|Bot)\s+(\S.*)$/i.exec(whole)?.[1] ?? whole;
  const credential = CREDENTIAL_HEADER.test(header) ? isWrittenCredential(value) : keyShaped(value);
  const at = raw.lastIndexOf(value);
  if (!credential || value === '' || at === -1) return undefined;
  return { name: `${option} ${header}:`, start: start + at, end: start + at + value.length, value };
}

function findCredentials(command: string): Found[] {
  const out: Found[] = [];
  // NAME=value at a word's start; --name value or --name=value.
  // A quote before the name: an assignment inside a quoted script (`sh -c "KEY=… x"`).
  const pattern = /(^|[\s;&|("'])(?:([A-Za-z_][A-Za-z0-9_]*)=|(--?[A-Za-z][A-Za-z0-9_-]*)(=|[ \t]+))/g;
  for (let m = pattern.exec(command); m !== null; m = pattern.exec(command)) {
    const name = m[2] ?? m[3]!;
    const bare = name.replace(/^-+/, '');
    const header = m[3] === '-H' || m[3] === '--header';
    // `-k sk-…`: a one-letter option's value, when it reads as a key (QA363: recorded as written)
    const letter = m[3] !== undefined && /^-[A-Za-z]$/.test(m[3]) && !header;
    if (header || letter) {
      const start = m.index + m[0].length;
      if (start >= command.length) continue;
      const { end, text } = wordAt(command, start);
      const found = header
        ? headerCredential(name, command.slice(start, end), text, start)
        : keyShaped(text) && !/\s/.test(text) // not a script (`sh -c "KEY=… x"`, read below)
          ? { name, start, end, value: text }
          : undefined;
      if (found) {
        out.push(found);
        pattern.lastIndex = Math.max(pattern.lastIndex, end);
      }
      continue;
    }
    const credential =
      (m[2] !== undefined ? CREDENTIAL_ENV.test(name) : CREDENTIAL_OPTION.test(bare)) &&
      !SETTING_NAME.test(bare);
    if (!credential) continue;
    const start = m.index + m[0].length;
    if (start >= command.length || /[\s;&|<>()]/.test(command[start]!)) continue;
    // the next word an option, as argparse reads it: this one is a flag (`--use_auth_token
    // --model_name_or_path gpt2`), whose next option was masked as its key (QA354)
    if (m[4] !== undefined && m[4] !== '=' && nextIsOption(command, start)) continue;
    const quote = m[1] === '"' || m[1] === "'" ? m[1] : undefined;
    const { end, text } = quote ? wordInQuotes(command, start, quote) : wordAt(command, start);
    if (isWrittenCredential(text)) out.push({ name, start, end, value: text });
    else {
      const fallback = writtenFallback(command.slice(start, end));
      if (fallback)
        out.push({
          name,
          start: start + fallback.at,
          end: start + fallback.at + fallback.value.length,
          value: fallback.value,
        });
    }
    pattern.lastIndex = Math.max(pattern.lastIndex, end);
  }
  // curl's `-H` given its header in the same word, `-H'Authorization: Bearer sk-…'`, `-Hx-api-key:…`
  for (const m of command.matchAll(/(^|[\s;&|("'])-H(?=["'A-Za-z])/g)) {
    const start = m.index + m[0].length;
    const { end, text } = wordAt(command, start);
    const found = headerCredential('-H', command.slice(start, end), text, start);
    if (found && !out.some((f) => f.start === found.start)) out.push(found);
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The command with each credential value it writes out written `***`; any other command exactly as given. */
export function maskCommandCredentials(command: string): string {
  const found = findCredentials(command);
  if (found.length === 0) return command;
  let out = '';
  let at = 0;
  for (const f of found) {
    out += `${command.slice(at, f.start)}${MASK}`;
    at = f.end;
  }
  return out + command.slice(at);
}

/** The names of the credentials a command writes out (for a warning: names, never values). */
export function commandCredentialNames(command: string | undefined): string[] {
  return typeof command === 'string' ? findCredentials(command).map((f) => f.name) : [];
}

/** The credential values a command writes out, in the forms a process may print them. */
export function commandSecrets(command: string | undefined): string[] {
  if (typeof command !== 'string') return [];
  return findCredentials(command).flatMap((f) => secretForms(f.value));
}

/**
 * How a command evalc.lock recorded differs from the one evalc records now, for a plan reason that
 * never quotes a credential: `(old → new)` with the old command's credentials written `***`, or, when
 * they were the only difference (a lock an earlier evalc wrote kept the value), a note saying so.
 */
export function recordedCommandChange(locked: string | undefined, now: string): string | undefined {
  if (locked === undefined || locked === now) return undefined;
  const masked = maskCommandCredentials(locked);
  if (masked !== now) return `(${masked} → ${now})`;
  const names = commandCredentialNames(locked).map((name) => `${name}=`);
  return `(evalc.lock, written by an earlier evalc, records its credential ${names.join(', ')}: evalc now keeps it out of evalc.lock and content keys)`;
}

/** The text with each credential value a command writes out starred, one `*` per character (validate's excerpt: its caret stays in place). */
export function starCommandCredentials(text: string): string {
  let out = text;
  for (const f of findCredentials(text))
    out = `${out.slice(0, f.start)}${'*'.repeat(f.end - f.start)}${out.slice(f.end)}`;
  return out;
}
