/**
 * Where a `${env.NAME}` reference may stand in a plan (agent and judge `headers`, `serve.env`) and
 * how it must be written: the diagnostics of load time. Resolving and masking them is secrets.ts.
 */
import { type Diagnostic, diagnostic, type PlanPath, type SourcePosition } from './diagnostic.js';

/** `${…}`, but not `${{` — a `$` written before a template placeholder (`${{amount}}`: "$30"; QA91). */
const ANY_REF = /\$\{(?!\{)[^}]*\}/g;
/**
 * `${…}` in a header or serve.env value, `${{…}` included: no template is rendered there, so
 * `Bearer ${{env.TOKEN}}` is a mistyped secret, sent as those characters (QA93). The same in an
 * agent's or judge's url, command, address or serve (its command, cwd, ready url): `${{env.X}}`
 * in a command is sh's "Bad substitution" (QA94).
 */
const SECRET_POSITION_REF = /\$\{[^}]*\}/g;
const UNTEMPLATED_FIELDS = new Set(['url', 'command', 'address', 'serve', 'headers']);

/** A field of an agent or judge that is sent or run as written (no `{{…}}` is rendered there). */
function isUntemplated(path: PlanPath): boolean {
  const [section, , field] = path;
  return (section === 'agents' || section === 'judges') && UNTEMPLATED_FIELDS.has(String(field));
}
/** `$NAME` (upper case, as environment variables are written), not part of `${…}`. */
const SHELL_REF = /(?<![$\\])(\$[A-Z_][A-Z0-9_]+)\b/;

/**
 * What is typed in braces reads as a secret, not a (misspelt) name a user needs to see: a character no
 * name holds (`sk-…`, `+`, `/`, `:`), or a part between `_`/`.` of a key's length (12 characters
 * mixing letters and digits, Stripe's `sk_live_4eC3…`, or 24 of any, a Hugging Face `hf_…`). Names
 * are quoted, whatever their case: `A1_token`, `apiKey`, `userQuery`, `Env.TOKEN` (QA251: 219b5e2 and
 * c91f31f said every one holding a lower-case letter, or mixed case, `${…}` / `{{…}}`, under an excerpt
 * that masks the value, so a misspelt name could not be seen anywhere).
 */
export function looksLikeSecret(inside: string): boolean {
  if (!/^[A-Za-z0-9_.]*$/.test(inside)) return true;
  return inside.split(/[_.]/).some(isKeyPart);
}

/** A part of a name of a key's length: 24 characters, or 12 mixing letters and digits. */
export function isKeyPart(part: string): boolean {
  return part.length >= 24 || (part.length >= 12 && /\d/.test(part) && /[A-Za-z]/.test(part));
}

/**
 * What is typed in a `${…}` outside a header or serve.env (a judge command, a url), after `env.` or
 * `env:`, holds a key: its name reads as one, or a part between the shell's operators does
 * (`sk-proj-AbCd…`, `sk-live-51H…`, AWS's `wJalr…/K7MD…`), while the shell's own forms (`"${@}"`,
 * `${HOME:-/root}`, `${#X}`, `${X/a/b}`) are quoted (QA306: those keys, past a name's characters,
 * were quoted whole).
 */
export function holdsKey(inside: string): boolean {
  const name = /^[A-Za-z0-9_.]*/.exec(inside)?.[0] ?? '';
  if (looksLikeSecret(name)) return true;
  if (
    inside
      .split(/[^A-Za-z0-9]+/)
      .some((p) => p.length >= 24 || (p.length >= 12 && /\d/.test(p) && /[A-Za-z]/.test(p)))
  )
    return true;
  // base64 with `/` or `+` in it, of a key's length, mixing cases and digits
  const run = /[A-Za-z0-9+/=]{32,}/.exec(inside)?.[0] ?? '';
  return /\d/.test(run) && /[a-z]/.test(run) && /[A-Z]/.test(run);
}

/**
 * Each shell-style reference in `text` whose name reads as a key pasted in its place, `$ghp_AbCd…`,
 * PowerShell's `$env:ghp_AbCd…`, `$sk-live-…` (a key's `-` read as `_`, its `.` kept: Google's
 * `$ya29.a0Af…`), replaced by what `say` returns for it (`env` when written `$env:`); `$HOME`,
 * `$DATA_DIR` are kept. QA335: a dataset source so written was quoted whole, message and excerpt.
 */
export function replaceKeyedShellRefs(text: string, say: (ref: string, env: boolean) => string): string {
  if (!text.includes('$')) return text;
  return text.replace(
    /(?<![$\\])\$(env:)?([A-Za-z_][A-Za-z0-9_.-]*)/g,
    (ref, env: string | undefined, name: string) =>
      looksLikeSecret(name.replace(/-/g, '_')) ? say(ref, env !== undefined) : ref,
  );
}

/**
 * The first reference in a mapping's key written otherwise than `${env.NAME}` whose inside reads as a
 * key pasted there, `${env:ghp_…}`, `${ ghp_… }`, `{{env.ghp_…}}`, `$ghp_…`, open ones (QA346: a header so named
 * passed validate; apply sent `$ghp_…` as a header's name, or failed the others 'header name
 * "${env:ghp_…}" is not a valid HTTP header name' in report.md, report.json, junit.xml and the step
 * log). The message quoting it says it as the last net does (keyedRefsSaid).
 */
function keyedRefIn(key: string): string | undefined {
  // closed or left open, `${env.ghp_…`, `{{env.ghp_…` (QA358: an open one passed validate and failed
  // each example at apply, the key lower-cased in every report, as caa3b275 fixed for closed ones)
  for (const m of key.matchAll(
    /\$\{[ \t]*(?:env[.:])?([^{}\s]*)(?:[ \t]*\})?|\{\{\s*(?:env\.)?([^{}\s]+)(?:\s*\}\})?/g,
  ))
    if (holdsKey(m[1] ?? m[2] ?? '')) return m[0];
  let shell: string | undefined;
  replaceKeyedShellRefs(key, (ref) => {
    shell ??= ref;
    return ref;
  });
  return shell;
}

/**
 * Unset variables as a message names them: one whose name reads as a key typed in place of a name,
 * `${env.ghp_AbCd…}`, is said `…` with what to do (QA269: apply printed the key whole).
 */
export function unsetNamesSaid(names: readonly string[]): string {
  const said = names.map((name) => (looksLikeSecret(name) ? '…' : name)).join(', ');
  return names.some(looksLikeSecret)
    ? `${said} (a name that reads as a key typed in its place: \${env.NAME} names a variable; set NAME to the key)`
    : said;
}

/** What a header or serve.env value sends as written around (or instead of) a `${env.NAME}`. */
function strayAroundSecret(raw: string): { what: string; hint: string } | undefined {
  const placeholder = /(?<!\$)\{\{\s*([^{}]*?)\s*\}\}/.exec(raw);
  if (placeholder) {
    const written = /^env\.([A-Za-z_][A-Za-z0-9_]*)$/.exec(placeholder[1] ?? '')?.[1];
    // A key pasted as the name, `{{env.ghp_AbCd…}}`, is said `{{env…}}` (QA322: quoted whole).
    const name = written !== undefined && looksLikeSecret(written) ? undefined : written;
    // Quoted when it holds a name (`{{env.TOKEN}}`, `{{userQuery}}`, `{{TOKEN}}`); else it may be a
    // secret typed in braces, `{{sk-…}}`, which the excerpt masks (QA232: the message printed it), or
    // one of name characters, Stripe's `{{sk_live_…}}` (QA242: printed whole).
    const inside = placeholder[1] ?? '';
    const named =
      name !== undefined || (written === undefined && /^[A-Za-z_]/.test(inside) && !looksLikeSecret(inside));
    const said = named ? placeholder[0] : written !== undefined ? '{{env…}}' : '{{…}}';
    return {
      what: `\`${said}\`: headers and serve.env values are not templated, so it`,
      hint: name
        ? `write \${env.${name}} to read ${name} from the environment`
        : 'write ${env.NAME} for a secret',
    };
  }
  // A key pasted as the name, `${env.ghp_AbCd…}}`, is said `${env…}` (QA280: quoted whole, twice).
  const ref = (text: string) => (looksLikeSecret(text.slice(6, -1)) ? '${env…}' : text);
  const hint = (text: string) => `write ${looksLikeSecret(text.slice(6, -1)) ? '${env.NAME}' : text}`;
  const after = /\$\{env\.[A-Za-z_][A-Za-z0-9_]*\}\}/.exec(raw)?.[0]?.slice(0, -1);
  if (after) return { what: `the \`}\` after ${ref(after)}`, hint: hint(after) };
  const before = /\$\$\{env\.[A-Za-z_][A-Za-z0-9_]*\}/.exec(raw)?.[0]?.slice(1);
  if (before) return { what: `the \`$\` before ${ref(before)}`, hint: hint(before) };
  return undefined;
}

/** The last `${…` without its closing `}` (`${{` is a stray placeholder, told apart). */
function unterminatedRef(raw: string): string | undefined {
  return /\$\{(?!\{)[^}]*$/.exec(raw)?.[0];
}

function unterminatedDiagnostic(
  open: string,
  path: PlanPath,
  source: SourcePosition | undefined,
): Diagnostic {
  const read = /^\$\{env\.([A-Za-z_][A-Za-z0-9_]*)/.exec(open)?.[1];
  // Only the reference's own part is quoted: a header's value may be a secret typed in place, and
  // so may the name itself, `${env.ghp_AbCd…` (QA280: quoted whole, twice), said `${env…`.
  const keyed = read !== undefined && looksLikeSecret(read);
  const name = keyed ? 'NAME' : read;
  const shown = keyed ? '${env…' : name ? `\${env.${name}` : '${…';
  return diagnostic('EVALC_SECRET_SYNTAX', `unterminated reference ${shown} (no closing \`}\`)`, path, {
    source,
    // In a command, `${PORT` is sh's `${PORT}` mistyped: hinted sh's own form (QA306).
    hint: !isSecretPath(path)
      ? isCommand(path)
        ? NOT_READ_IN_COMMAND
        : NOT_READ_HERE
      : name
        ? `write \${env.${name}}`
        : 'write ${env.NAME}',
  });
}

/**
 * What is wrong with a `${…}` that is no `${env.NAME}`. A shell default, `${env.TOKEN:-sk-dev-…}`,
 * is said without its value: in a header that value is a literal secret, which the message printed
 * (QA224), and evalc has no default syntax to offer instead.
 */
const NOT_READ_HERE = '${env.NAME} is read only in headers and serve.env: write the value itself here';

const NOT_READ_IN_COMMAND =
  '${env.NAME} is read only in headers and serve.env: in a command write sh\'s own variable without braces, `$NAME` (serve.env sets it for serve.command), "$@" for the arguments, or the value itself';

/** An agent's or judge's `command`, or `serve.command`: run by sh. */
function isCommand(path: PlanPath): boolean {
  const [section, , field, sub] = path;
  if (section !== 'agents' && section !== 'judges') return false;
  return path.length === 3
    ? field === 'command'
    : field === 'serve' && sub === 'command' && path.length === 4;
}

/**
 * A well-formed `${env.X}` in a command, run by sh: sh's own `$X` reads it (QA315: the hint said
 * to write non-secret values in the plan, of a token a served agent needs); a serve.command's
 * serve.env passes it as a secret of the run, masked in its log.
 */
function commandRefHint(name: string, path: PlanPath): string {
  const shown = looksLikeSecret(name) ? 'NAME' : name;
  return path[2] === 'serve'
    ? `a command is run by sh: write \`$${shown}\` and set it in serve.env, \`${shown}: "\${env.${shown}}"\`, which masks its value in the agent's log`
    : `a command is run by sh: write \`$${shown}\`, read from the environment evalc runs in (a value the plan never names is not masked in what the agent prints)`;
}

function malformedRef(ref: string, isSecret: boolean): { message: string; hint: string } {
  // `${TOKEN:-sk-dev-…}` too, the shell's own spelling (`env.` left out), printed its default (QA228).
  const shell = /^\$\{(env\.)?([A-Za-z_][A-Za-z0-9_]*)(:?[-=?+])/.exec(ref);
  // Without `env.`, a lower-case word before a `-` is a literal typed in braces, `${sk-dev-…}`, not a
  // variable: it was told 'write ${env.sk} and set sk' (QA232).
  if (shell && (shell[1] !== undefined || /^[A-Z_][A-Z0-9_]*$/.test(shell[2] ?? '') || shell[3] !== '-')) {
    const [, env = '', name = '', op] = shell;
    // A key typed as the name, `${sk_live_4eC3…:-x}`, `${env.AKIA…:-x}`: said `${…}` (QA269: quoted whole,
    // and twice more in the hint).
    // Outside a header or serve.env too (QA306: a judge command's `${env.ghp_…:-x}` was quoted whole).
    const keyed = looksLikeSecret(name);
    return {
      message: `malformed reference \${${env}${keyed ? '' : `${name}${op}`}…}: \${env.NAME} takes no default or other shell form`,
      hint: !isSecret
        ? NOT_READ_HERE
        : keyed
          ? 'write ${env.NAME} and set NAME where apply runs (an unset one stops apply before any call, naming it)'
          : `write \${env.${name}} and set ${name} where apply runs (an unset one stops apply before any call, naming it)`,
    };
  }
  // In a header or serve.env value, what follows the name may be a secret typed in place
  // (`${env.TOKEN:sk-…}`, `${env:TOKEN:-sk-…}`), masked in the excerpt: quoted up to it (QA228).
  // Not `env…` and what is in the braces reads as a secret: a literal typed in braces, a Stripe-style
  // `${sk_live_…}` or `${sk-dev-…}`, said `${…}` (QA242: one of name characters only was printed whole,
  // and `${sk…}` of `${skLive…-…}` its head, while the excerpt masked it); `${A1_TOKEN}`, `${A1_token}`,
  // `${apiKey}` are said as written (QA251), `${A1_TOKEN:x}` up to its name.
  const [, head = '', rest = ''] = /^\$\{\{?([A-Za-z0-9_.]*)(.*)\}$/s.exec(ref) ?? [];
  const literal =
    !/^\$\{\{?env\b/.test(ref) && (looksLikeSecret(head) || (rest !== '' && /[a-z]/.test(head)));
  // After `env.` or `env:`, a key typed in place of the name (a JWT, `ya29.…`, `sk-live-…`): said `${env…}`
  // (QA269: `${env.eyJhbGci…}` was quoted whole, its dots being name characters).
  const [, envHead = '', envRest = ''] = /^\$\{\{?env[.:]?([A-Za-z0-9_.]*)(.*)\}$/s.exec(ref) ?? [];
  const keyedAfterEnv = /^\$\{\{?env\b/.test(ref) && (looksLikeSecret(envHead) || envRest.startsWith('-'));
  // Elsewhere (a url, a system prompt) it is plan content, quoted whole, unless it reads as a key (QA285).
  const isEnv = /^\$\{\{?env\b/.test(ref);
  // A key past a name's characters too, `${env.sk-proj-…}`, `${sk-live-51H…}` (QA306: quoted whole).
  const keyElsewhere = !isSecret && holdsKey(isEnv ? `${envHead}${envRest}` : `${head}${rest}`);
  const said = keyElsewhere
    ? isEnv
      ? '${env…}'
      : '${…}'
    : !isSecret
      ? ref
      : literal
        ? '${…}'
        : keyedAfterEnv
          ? '${env…}'
          : shownUpToName(ref);
  // Outside a header or serve.env no reference is read (EVALC_SECRET_PLACEMENT): a command's `"${@}"` was
  // told 'write ${env.NAME}', which is refused there too (QA300).
  if (!isSecret) return { message: `malformed reference ${said}`, hint: NOT_READ_HERE };
  const name = /^\$\{env\.([^}]*)\}$/.exec(ref)?.[1];
  if (name !== undefined)
    return {
      message: `malformed reference ${said}`,
      hint: 'write ${env.NAME}: a name of ASCII letters, digits and _, not starting with a digit',
    };
  // `${OPENAI_API_KEY}`, `${Env.A1_TOKEN}`: a name the message quotes whole is written back under `env.` (QA264:
  // the hint read 'write ${env.NAME}').
  const bare = /^\$\{(?:env[.:])?([A-Za-z_][A-Za-z0-9_]*)\}$/i.exec(ref)?.[1];
  if (isSecret && said === ref && bare !== undefined)
    return { message: `malformed reference ${said}`, hint: `write \${env.${bare}}` };
  return { message: `malformed reference ${said}`, hint: 'write ${env.NAME}' };
}

/** `${` and the name-like characters after it; `…}` for the rest, unless that is the `}` alone. */
function shownUpToName(ref: string): string {
  const head = /^\$\{[{A-Za-z0-9_.]*/.exec(ref)?.[0] ?? '${';
  return head.length === ref.length - 1 ? ref : `${head}…}`;
}

export function isSecretPath(path: PlanPath): boolean {
  const [section, , field, sub] = path;
  if (section !== 'agents' && section !== 'judges') return false;
  if (field === 'headers') return path.length === 4;
  return field === 'serve' && sub === 'env' && path.length === 5;
}

/** Finds `${…}` references and reports those outside secret positions or malformed. */
export function checkSecretPlacement(
  raw: unknown,
  locate: (p: PlanPath, key?: string) => SourcePosition | undefined,
  path: PlanPath = [],
  out: Diagnostic[] = [],
): Diagnostic[] {
  if (typeof raw === 'string') {
    for (const match of raw.matchAll(
      isSecretPath(path) || isUntemplated(path) ? SECRET_POSITION_REF : ANY_REF,
    )) {
      const ref = match[0];
      if (!/^\$\{env\.[A-Za-z_][A-Za-z0-9_]*\}$/.test(ref)) {
        const told = malformedRef(ref, isSecretPath(path));
        // In a command, run by sh, `"${@}"` or `${PORT}` is the shell's own: 'write the value itself
        // here' (df855c89) has no value to write for "$@" or a serve.env variable (QA306).
        const hint = told.hint === NOT_READ_HERE && isCommand(path) ? NOT_READ_IN_COMMAND : told.hint;
        out.push(diagnostic('EVALC_SECRET_SYNTAX', told.message, path, { source: locate(path), hint }));
      } else if (!isSecretPath(path)) {
        out.push(
          // A key pasted as the name, `${env.ghp_AbCd…}`, is said `${env…}` (QA285: quoted whole).
          diagnostic(
            'EVALC_SECRET_PLACEMENT',
            `${looksLikeSecret(ref.slice(6, -1)) ? '${env…}' : ref} is only allowed in headers and serve.env`,
            path,
            {
              source: locate(path),
              hint: isCommand(path)
                ? commandRefHint(ref.slice(6, -1), path)
                : 'secrets never enter content keys; pass non-secret values in the plan itself',
            },
          ),
        );
      }
    }
    // `Bearer ${env.TOKEN` (no closing brace) was sent as those characters, silently, and a url's
    // said only "not an absolute URL" (QA95).
    const open = isSecretPath(path) || isUntemplated(path) ? unterminatedRef(raw) : undefined;
    if (open) out.push(unterminatedDiagnostic(open, path, locate(path)));
    // A shell-style `$TOKEN` in a header was sent as those characters, silently (QA44).
    const shell = isSecretPath(path) ? SHELL_REF.exec(raw) : null;
    // One that reads as a key, `$AKIAIOSFODNN7EXAMPLE`, is said `$…` (QA280: quoted whole, twice).
    const shellName = shell?.[1]?.replace(/^\$\{?|\}$/g, '') ?? '';
    const shellKeyed = looksLikeSecret(shellName);
    if (shell)
      out.push(
        diagnostic(
          'EVALC_SECRET_SYNTAX',
          `${shellKeyed ? '$…' : shell[1]} is sent as these characters: evalc does not expand shell variables`,
          path,
          {
            severity: 'warning',
            source: locate(path),
            hint: `write \${env.${shellKeyed ? 'NAME' : shellName}} to read it from the environment`,
          },
        ),
      );
    // QA94: sent as written beside a secret: a `{{…}}` placeholder (no template is rendered here), a
    // `}` after `${env.X}`, a `$` before it.
    const stray = isSecretPath(path) ? strayAroundSecret(raw) : undefined;
    if (stray)
      out.push(
        diagnostic('EVALC_SECRET_SYNTAX', `${stray.what} is sent as these characters`, path, {
          severity: 'warning',
          source: locate(path),
          hint: stray.hint,
        }),
      );
    return out;
  }
  if (Array.isArray(raw)) {
    raw.forEach((item, i) => {
      checkSecretPlacement(item, locate, [...path, i], out);
    });
  } else if (raw !== null && typeof raw === 'object') {
    for (const [k, v] of Object.entries(raw)) {
      // QA59: a reference in a key (`headers: { "${env.H}": v }`, an input field) was valid and sent
      // as those characters; only header and serve.env values are read from the environment.
      const ref = /\$\{env\.[A-Za-z_][A-Za-z0-9_]*\}/.exec(k)?.[0] ?? keyedRefIn(k);
      // A key pasted as the name, `"${env.ghp_AbCd…}": x`, is said `${env…}`, in the message and in the
      // path --json prints (QA335: both quoted it whole).
      // Another form (keyedRefIn) is said so by the net under every diagnostic (keyedRefsSaid).
      const keyed = ref?.startsWith('${env.') === true && looksLikeSecret(ref.slice(6, -1));
      if (ref !== undefined)
        out.push(
          diagnostic(
            'EVALC_SECRET_PLACEMENT',
            `${keyed ? '${env…}' : ref} in a key is not read from the environment`,
            [...path, keyed ? k.replace(ref, '${env…}') : k],
            {
              source: locate(path, k),
              hint: 'only the values of headers and serve.env are: name the key in the plan itself',
            },
          ),
        );
      checkSecretPlacement(v, locate, [...path, k], out);
    }
  }
  return out;
}
