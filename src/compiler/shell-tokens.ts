/**
 * The words and control operators of a shell command as sh reads them (enough of its rules to find
 * them): quotes, escapes, `$(…)` and backticks, comments. Used by the checks of a stdio judge's
 * `command:` (judge-shell.ts) and of what sh is given to run (shell-command-check.ts).
 */

export interface Token {
  text: string;
  /** `text` with each quoted or escaped character as NUL: where sh sees `>`, `#`, `|` itself. */
  bare: string;
  /** An unquoted control operator (`|`, `||`, `&&`, `;`, `&`, bash's `|&`). */
  operator?: boolean;
  /** The word as written, quotes kept (to show it back). */
  raw: string;
}

/**
 * The command's words and control operators, quotes removed (enough of sh's rules to find them),
 * and the comment it ends in (an unquoted `#` starting a word), if any.
 */
export function shellTokens(command: string): { words: Token[]; comment?: string } {
  const out: Token[] = [];
  let text = '';
  let bare = '';
  let raw = '';
  let open = false;
  const end = () => {
    if (open) out.push({ text, bare, raw });
    text = '';
    bare = '';
    raw = '';
    open = false;
  };
  for (let i = 0; i < command.length; i++) {
    const c = command[i] ?? '';
    if (c === "'" || c === '"') {
      const close = closingQuote(command, c, i + 1);
      const stop = close === -1 ? command.length : close;
      const inner = command.slice(i + 1, stop);
      const unquoted = c === '"' ? inner.replace(/\\(["\\$`])/g, '$1') : inner;
      text += unquoted;
      bare += '\0'.repeat(unquoted.length);
      raw += command.slice(i, stop + 1);
      open = true;
      i = stop;
    } else if ((c === '$' && command[i + 1] === '(') || c === '`') {
      // A command substitution is part of the word: its `<`, `>`, `|` are its own (QA100).
      const close = substitutionEnd(command, i);
      const stop = close === -1 ? command.length - 1 : close;
      const inner = command.slice(i, stop + 1);
      text += inner;
      bare += '\0'.repeat(inner.length);
      raw += inner;
      open = true;
      i = stop;
    } else if (c === '\\') {
      text += command[i + 1] ?? '';
      bare += command[i + 1] === undefined ? '' : '\0';
      raw += command.slice(i, i + 2);
      open = true;
      i++;
    } else if (c === '#' && !open) {
      // QA94: sh reads the rest of the line as a comment, evalc's ` rpc <method>` with it on the last.
      end();
      const eol = command.indexOf('\n', i);
      if (eol === -1) return { words: out, comment: command.slice(i).trim() };
      i = eol - 1;
    } else if (c === '\n') {
      // A line break ends a command, as `;` does (a `command: |` of several lines).
      end();
      if (out.length > 0 && !out[out.length - 1]?.operator)
        out.push({ text: ';', bare: ';', raw: ';', operator: true });
    } else if (/\s/.test(c)) {
      end();
    } else if (c === '|' || c === '&' || c === ';') {
      // `2>&1`, `>&2`, `&>log` are redirections, not operators.
      if (
        (c === '&' && (command[i - 1] === '>' || command[i - 1] === '<' || command[i + 1] === '>')) ||
        (c === '|' && command[i - 1] === '>')
      ) {
        text += c;
        bare += c;
        raw += c;
        open = true;
        continue;
      }
      end();
      const two = command.slice(i, i + 2);
      const op = two === '||' || two === '&&' || two === ';;' || two === '|&' ? two : c;
      out.push({ text: op, bare: op, raw: op, operator: true });
      i += op.length - 1;
    } else {
      text += c;
      bare += c;
      raw += c;
      open = true;
    }
  }
  end();
  return { words: out };
}

/**
 * Where the quote opened before `from` closes, or -1: a `'` at the next `'`; a `"` at the next
 * one not escaped (`"a \" > b"` is one word, its `>` an argument; QA100).
 */
function closingQuote(command: string, quote: string, from: number): number {
  if (quote === "'") return command.indexOf(quote, from);
  for (let i = from; i < command.length; i++) {
    if (command[i] === '\\') i++;
    else if (command[i] === quote) return i;
  }
  return -1;
}

/** Where the `$(…)` or `` `…` `` opened at `from` closes (its `)` or backtick), or -1. */
function substitutionEnd(command: string, from: number): number {
  if (command[from] === '`') {
    for (let i = from + 1; i < command.length; i++) {
      if (command[i] === '\\') i++;
      else if (command[i] === '`') return i;
    }
    return -1;
  }
  let depth = 0;
  for (let i = from + 1; i < command.length; i++) {
    const c = command[i];
    if (c === '\\') i++;
    else if (c === "'" || c === '"') {
      i = closingQuote(command, c, i + 1);
      if (i === -1) return -1;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}
