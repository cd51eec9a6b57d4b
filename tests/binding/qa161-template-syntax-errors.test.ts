/**
 * A Handlebars syntax error says which block, closer or brace is wrong and what to write (QA161:
 * validate printed the parser's grammar, "expecting 'OPEN_INVERSE_CHAIN', 'INVERSE',
 * 'OPEN_ENDBLOCK', got 'EOF'", or "if doesn't match each - 1:3", with no hint).
 */
import { describe, expect, it } from 'vitest';
import { compileTemplate, type TemplateError } from '../../src/binding/template.js';

const said = (template: string) => {
  const errors: TemplateError[] = [];
  compileTemplate(template, errors);
  return errors.map((e) => `${e.message} | ${e.hint}`);
};

describe('template syntax errors', () => {
  it('names the block left open, the innermost one', () => {
    expect(said('{{#each tags}}x')).toEqual([
      '`{{#each tags}}` is never closed: the text ends inside its block | end the block with `{{/each}}`',
    ]);
    expect(said('ab {{#if a}}{{#each b}}x{{/each}}')).toEqual([
      '`{{#if a}}` is never closed: the text ends inside its block | end the block with `{{/if}}`',
    ]);
    expect(said('{{#*inline "p"}}x')).toEqual([
      '`{{#*inline "p"}}` is never closed: the text ends inside its block | end the block with `{{/inline}}`',
    ]);
  });

  it('names a closer that closes another block, or none', () => {
    expect(said('a {{#if level}}x{{/each}}')).toEqual([
      '`{{/each}}` closes a `{{#if}}` block | close the `{{#if …}}` block with `{{/if}}` (blocks close in the reverse order they open)',
    ]);
    expect(said('x {{/if}}')).toEqual([
      '`{{/if}}` closes no block: no `{{#…}}` before it is open | remove it, or open the block before it (`{{#if x}}…{{/if}}`)',
    ]);
  });

  it('names braces that do not pair', () => {
    expect(said('Q: {{user_query}')).toEqual([
      'a `{{` is not closed with `}}` | end each placeholder with `}}`; for literal braces write `\\{{` (`\\\\{{` in a double-quoted YAML value)',
    ]);
    expect(said('Q: {{user_query}}}')).toEqual([
      'a `}}}` closes a placeholder opened with `{{` | write `{{name}}` (or `{{{name}}}` on both sides)',
    ]);
  });

  it('names a second else', () => {
    expect(said('{{#if l}}x{{else}}y{{else}}z{{/if}}')).toEqual([
      'a second `{{else}}` in one block | a block has one `{{else}}`; chain another test with `{{else if …}}`',
    ]);
  });

  it('quotes the text near any other parse error', () => {
    expect(said('{{x y=}}')).toEqual([
      "Parse error on line 1 near `{{x y=}}`: Expecting 'OPEN_SEXPR', 'ID', 'STRING', 'NUMBER', 'BOOLEAN', 'UNDEFINED', 'NULL', 'DATA', got 'CLOSE' | undefined",
    ]);
  });
});
