/**
 * Where in a JMESPath expression its parse failed. The library's errors name the token they did
 * not expect (`expected Star, got: Dot`) but not where it is; the parser reads left to right, so
 * the offending token is the first whose prefix of the expression (up to and with it) fails with
 * the same message — shorter prefixes only run out of input. A lexer error (a character no token
 * starts with, a quote never closed) is at the first prefix the lexer refuses the same way.
 */
import { compile, tokenize } from '@jmespath-community/jmespath';

/** Longer expressions are not searched (a prefix parse each): the error is said at the value's start. */
const MAX_LENGTH = 2000;

/** The offset in `expression` of the token (or character) its parse failed at, or undefined. */
export function jmespathErrorOffset(expression: string, message: string): number | undefined {
  if (expression.length > MAX_LENGTH) return undefined;
  // Input ran out (`a.b.`, `foo[`): at the expression's end.
  if (/\bEOF\b/.test(message)) return expression.trimEnd().length;
  // A call the library refuses (an unknown function, a wrong argument count or type): at the call,
  // when the expression makes one call of that name.
  const called = /^(?:Unknown function|Invalid \w+): (\w+)\(\)/.exec(message)?.[1];
  if (called !== undefined) {
    const calls = [...expression.matchAll(new RegExp(`\\b${called}\\s*\\(`, 'g'))];
    return calls.length === 1 ? calls[0]!.index : undefined;
  }
  let tokens: { start: number; type: string }[];
  try {
    tokens = tokenize(expression) as { start: number; type: string }[];
  } catch {
    for (let end = 1; end <= expression.length; end++) {
      if (!failsWith(() => tokenize(expression.slice(0, end)), message)) continue;
      // A literal the lexer refuses at its closing quote is said at its opening one.
      const c = expression[end - 1]!;
      const open = '`\'"'.includes(c) ? expression.lastIndexOf(c, end - 2) : -1;
      return open >= 0 ? open : end - 1;
    }
    return undefined;
  }
  const real = tokens.filter((t) => t.type !== 'EOF');
  for (let i = 0; i < real.length; i++) {
    const end = real[i + 1]?.start ?? expression.length;
    if (failsWith(() => compile(expression.slice(0, end)), message)) return real[i]!.start;
  }
  return undefined;
}

function failsWith(run: () => unknown, message: string): boolean {
  try {
    run();
    return false;
  } catch (err) {
    return (err instanceof Error ? err.message.split('\n')[0] : String(err)) === message;
  }
}
