/**
 * QA308: a template reading a path below a text (`{{candidate.answer.text}}` of an agent's text
 * answer, da047d1e's metric_error) said `its parent is not an object ("…")` with the text whole, as
 * V8's `in` error quotes it: an agent's 300 KB answer was copied into the message, report.json and
 * run.log. The text is cut after 80 characters, never inside a surrogate pair.
 */
import { expect, it } from 'vitest';
import { compileTemplate, renderTemplate } from '../../src/binding/template.js';

const render = (template: string, context: Record<string, unknown>) => {
  const out = renderTemplate(compileTemplate(template), context);
  return out.ok ? '' : out.error.message;
};

it('quotes at most 80 characters of the text it read through', () => {
  const long = 'L'.repeat(300_000);
  for (const template of ['D {{a.text}}', '{{#if a.text}}x{{/if}}{{a.text}}'])
    expect(render(template, { a: long })).toBe(
      `"text" is not defined: its parent is not an object ("${'L'.repeat(80)}…")`,
    );
  expect(render('D {{a.text}}', { a: `${'L'.repeat(79)}😀tail` })).toBe(
    `"text" is not defined: its parent is not an object ("${'L'.repeat(79)}…")`,
  );
  expect(render('D {{a.text}}', { a: 'ok' })).toBe(
    '"text" is not defined: its parent is not an object ("ok")',
  );
});
