/**
 * What to write instead, for the JMESPath slips a plan author makes most (QA161): the library's
 * errors name a token ("unexpected token: answer(Literal)", "invalid format for a JSON literal")
 * but not the rule broken: backticks hold JSON, single quotes make a string and not a field name,
 * a function's key is an `&expression`.
 */

/** A hint for the expression's compile error `message`, when it is one of the usual slips. */
export function jmespathHint(expression: string, message: string): string | undefined {
  if (/JSON literal/.test(message)) {
    const literal = [...expression.matchAll(/`((?:[^`\\]|\\.)*)`/g)]
      .map((m) => m[1] ?? '')
      .find((text) => !isJson(text));
    // The raw string first: `"CS229"` read as "CS229" without its backticks names a field, so
    // `[?code == "CS229"]` compiled and matched nothing, silently (QA166).
    if (literal !== undefined) {
      const text = literal.trim();
      const json = `(\`${JSON.stringify(text)}\`, backticks kept: ${JSON.stringify(text)} alone names a field)`;
      // A raw string ends at a `'` of its own (QA166: `O'Brien` was told 'O'Brien').
      // Written as told inside a double-quoted YAML value, its `"` ended that value (QA172).
      // In a single-quoted one, its `'` did (QA176): there a `'` is written twice.
      const escaped = JSON.stringify(JSON.stringify(text)).slice(1, -1);
      const doubled = JSON.stringify(text).replaceAll("'", "''");
      return text.includes("'")
        ? `a literal in backticks is JSON: quote it inside the backticks ${json}; in a double-quoted YAML value, \`${escaped}\`, in a single-quoted one, \`${doubled}\``
        : // Written as told inside a single-quoted YAML value, the raw string's `'` ended that value (QA179);
          // the JSON form's `"` a double-quoted one (QA187).
          `a literal in backticks is JSON: write the raw string '${text}' (in a single-quoted YAML value, \`''${text}''\`), or JSON quotes inside the backticks ${json.slice(0, -1)}; in a double-quoted YAML value, \`${escaped}\`)`;
    }
  }
  const literalToken = /unexpected token: (.*)\(Literal\)$/.exec(message)?.[1];
  if (literalToken !== undefined && expression.includes(`.'${literalToken}'`)) {
    // A plain name needs no quotes (QA166: `."answer"` inside a double-quoted YAML value ends it).
    const quoted = `.${JSON.stringify(literalToken)}`;
    const field = /^[A-Za-z_][A-Za-z0-9_]*$/.test(literalToken)
      ? `a field is named without quotes: .${literalToken} (or in double quotes, ${quoted})`
      : // Written as told inside a double-quoted YAML value, its `"` ended that value (QA238), as the
        // backtick literal's JSON form did (QA172): the escaped form is said too.
        `a field is named in double quotes: ${quoted} (in a double-quoted YAML value, \`${JSON.stringify(quoted).slice(1, -1)}\`)`;
    return `${field}; '${literalToken}' is a string, not a field`;
  }
  if (/unexpected token: \.\(Dot\)/.test(message) && expression.includes('..'))
    return 'two dots in a row: a path is `a.b` (a field of each item is `a[].b`)';
  if (/to be type \(expression\) but received type string/.test(message))
    return "a key is an expression reference: write `&price`, not 'price'";
  if (/unexpected end of JSON input/.test(message) && (expression.match(/(?<!\\)"/g)?.length ?? 0) % 2 === 1)
    return 'a `"` that quotes a field name is never closed';
  if (/got: EOF$/.test(message)) return 'the expression ends too early: close each `[`, `{` and `(` it opens';
  return undefined;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
