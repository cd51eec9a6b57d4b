/**
 * A key pasted shell-style into a JMESPath expression, an output's `answer: "$ghp_AbCd…"` or an http
 * agent's `response:`, parses as a JMESPath variable (JEP-18): it compiled, passed validate, and every
 * example failed at apply 'JMESPath "$ghp_…" failed: Error referencing undefined variable ghp_…', the
 * key in evalc.lock, every report and the step log (QA358; 2c96bf90 said a key in an expression that
 * does not compile). A variable no `let` binds whose name reads as a key is a compile error, said `$…`.
 */
import { replaceKeyedShellRefs } from '../plan/secret-placement.js';

/**
 * The message when `ast` reads a variable no `let` binds and `expression` holds a key written
 * `$…` (`$sk-proj-…` parses as `$sk - proj - …`: the key is the text's, not one variable's name).
 */
export function keyedVariableProblem(ast: unknown, expression: string): string | undefined {
  const bound = new Set<string>();
  const used: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record.type === 'Binding' && typeof record.variable === 'string') bound.add(record.variable);
    if (record.type === 'Variable' && typeof record.name === 'string') used.push(record.name);
    for (const value of Object.values(record)) walk(value);
  };
  walk(ast);
  const keyed =
    used.some((name) => !bound.has(name)) && replaceKeyedShellRefs(expression, () => '') !== expression;
  return keyed
    ? 'variable $… is bound by no `let`: a key pasted shell-style is not read from the environment (a key goes in a header, ${env.NAME})'
    : undefined;
}
