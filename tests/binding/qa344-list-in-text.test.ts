/**
 * QA344: templates are Handlebars (DESIGN.md), which prints a list as its items joined by commas;
 * QA333 made every list printed in text an error, so a plan that printed `Tags: {{tags}}` on
 * purpose failed validate. A list of scalars prints again as Handlebars prints it (byte for byte:
 * such an input keeps its invoke key); a list holding an object or a list is the error, naming
 * the item. And a block reading `../` made Handlebars compare its context with the object around
 * it (`context != depths[0]`), which QA333's view took for printing that object: `{{#with user}}
 * {{#each tags}}{{../name}}{{/each}}{{/with}}` failed, '"user" is an object', where it prints Ann.
 */
import Handlebars from 'handlebars';
import { describe, expect, it } from 'vitest';
import {
  compileTemplate,
  exampleContext,
  renderTemplate,
  type TemplateError,
} from '../../src/binding/template.js';

const vars = {
  q: 'hi',
  tags: ['a', 'b'],
  mixed: ['a', 1, true, null, 2.5],
  empty: [],
  user: { name: 'Ann', tags: ['x', 'y'], addr: { city: 'P' } },
  items: [
    { name: 'x', tags: ['t1'] },
    { name: 'y', tags: [] },
  ],
  grid: [[1, 2], [3]],
};
const context = exampleContext({ id: 'e1', vars });
const plainHbs = Handlebars.create();

function render(template: string) {
  const errors: TemplateError[] = [];
  const node = compileTemplate(template, errors);
  expect(errors).toEqual([]);
  const out = renderTemplate(node, context);
  return out.ok ? out.value : `error: ${out.error.message}`;
}

describe('a list printed in text', () => {
  it('of scalars prints its items joined by commas, byte for byte as Handlebars does', () => {
    for (const template of [
      'Tags: {{tags}}',
      'Tags: {{{tags}}} / {{mixed}} / [{{empty}}] / {{user.tags}} / {{lookup user "tags"}}',
      '{{#each grid}}[{{this}}]{{/each}} {{#each items}}{{tags}};{{/each}}',
      '{{#each empty}}x{{else}}none: {{tags}}{{/each}}',
    ]) {
      const plain = plainHbs.compile(template, { strict: true, noEscape: true })(context);
      expect(render(template)).toBe(plain);
    }
    expect(render('Tags: {{tags}} {{mixed}}')).toBe('Tags: a,b a,1,true,,2.5');
  });

  it('holding an object or a list is an error naming the item', () => {
    expect(render('I: {{items}}')).toBe(
      'error: "items" is a list holding an object ("items.[0]"), which text prints as [object Object]: write {{json items}} for its JSON, or {{#each items}}…{{/each}} for its items',
    );
    expect(render('G: {{grid}}')).toBe(
      'error: "grid" is a list holding a list ("grid.[0]"), which text prints flattened, its items joined by commas: write {{json grid}} for its JSON, or {{#each grid}}…{{/each}} for its items',
    );
    expect(render('{{#each items}}<{{this}}>{{/each}}')).toMatch(/^error: "items\.\[0\]" is an object/);
  });
});

describe('a block that reads ../', () => {
  it('renders as Handlebars does: comparing contexts prints nothing', () => {
    expect(render('{{#with user}}{{#each tags}}{{../name}}{{/each}}{{/with}}')).toBe('AnnAnn');
    expect(render('{{#with user}}{{#each tags}}[{{../addr.city}}]{{/each}}{{/with}}')).toBe('[P][P]');
    expect(render('{{#each tags}}{{../q}}{{/each}}')).toBe('hihi');
  });

  it('still fails for an object it prints, named by its path', () => {
    expect(render('{{#with user}}{{#each tags}}{{../addr}}{{/each}}{{/with}}')).toMatch(
      /^error: "user\.addr" is an object/,
    );
  });
});
