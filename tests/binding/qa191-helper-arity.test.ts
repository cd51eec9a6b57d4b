/**
 * QA191: a built-in helper called with the wrong number of arguments failed at validate's render,
 * for every example alike, in Handlebars' runtime words: `{{lookup q}}` read 'Cannot read properties
 * of undefined (reading 'lookupProperty')', `{{lookup q 'a' 'b'}}` 'options.lookupProperty is not a
 * function', `{{#if}}` '#if requires exactly one argument' as if the data were at fault. They are
 * template errors, at the helper's name.
 */
import { describe, expect, it } from 'vitest';
import { compileTemplate, type TemplateError } from '../../src/binding/template.js';

const errorsOf = (source: string) => {
  const errors: TemplateError[] = [];
  compileTemplate({ query: source }, errors);
  return errors.map((e) => [e.message, e.offset]);
};

describe('a built-in helper given another number of arguments', () => {
  it('is a template error at its name', () => {
    expect(errorsOf('x {{lookup q}}')).toEqual([
      ['`lookup` takes 2 arguments, got 1: write an object and a key, `{{lookup items @index}}`', 4],
    ]);
    expect(errorsOf("{{lookup q 'a' 'b'}}")).toEqual([
      ['`lookup` takes 2 arguments, got 3: write an object and a key, `{{lookup items @index}}`', 2],
    ]);
    expect(errorsOf('{{#if}}x{{/if}}')).toEqual([
      ['`if` takes one argument, got 0: write `{{#if x}}…{{/if}}`', 3],
    ]);
    expect(errorsOf('{{#each a b}}x{{/each}}')).toEqual([
      ['`each` takes one argument, got 2: write `{{#each items}}…{{/each}}`', 3],
    ]);
    expect(errorsOf('{{#if (lookup q)}}x{{/if}}')).toEqual([
      ['`lookup` takes 2 arguments, got 1: write an object and a key, `{{lookup items @index}}`', 7],
    ]);
  });

  it('reads as before when called as it takes, or written without arguments (left to the render)', () => {
    for (const source of [
      "{{lookup q 'a'}}",
      '{{#if q}}x{{else}}y{{/if}}',
      '{{#each q as |v i|}}{{v}}{{/each}}',
      '{{#with q}}{{.}}{{/with}}',
      '{{#unless q}}x{{/unless}}',
      'x {{if}} {{with}}',
    ])
      expect(errorsOf(source), source).toEqual([]);
  });
});

describe('json takes one argument (QA207)', () => {
  // `{{json}}` rendered Handlebars' options object, every var under data.root, into the agent's
  // input; `{{json a b}}` dropped b. Both passed validate.
  it('{{json}} and {{json a b}} are template errors at the name; {{json q}} is not', () => {
    expect(errorsOf('a {{json}} b')).toEqual([['`json` takes one argument, got 0: write `{{json x}}`', 4]]);
    expect(errorsOf('{{json q list}}')).toEqual([
      ['`json` takes one argument, got 2: write `{{json x}}`', 2],
    ]);
    expect(errorsOf('{{json q}} {{json (lookup o "k")}} {{json this}}')).toEqual([]);
  });
});
