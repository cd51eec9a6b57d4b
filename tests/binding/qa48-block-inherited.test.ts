/**
 * QA48: inside `{{#each}}` / `{{#with}}` an inherited member (`constructor`, `toString`, a list's
 * `map`) of an item without that key is "not defined", as outside blocks and as a missing key;
 * an item that has the key, and what blocks print, are unchanged.
 */
import { describe, expect, it } from 'vitest';
import { compileTemplate, exampleContext, renderTemplate } from '../../src/binding/template.js';

const context = exampleContext({
  id: 'e1',
  vars: {
    items: [{ name: 'x' }, { name: 'y', constructor: 'own' }],
    user: { name: 'u' },
    grid: [[1, 2], [3]],
  },
});
const render = (template: string) => renderTemplate(compileTemplate(template), context);
const notDefined = (name: string) => ({
  ok: false,
  error: { path: [], message: `"${name}" is not defined` },
});

describe('inherited members inside blocks (QA48)', () => {
  it('are not defined for an item that lacks them, like a missing key', () => {
    expect(render('{{#each items}}[{{constructor}}]{{/each}}')).toEqual(notDefined('constructor'));
    expect(render('{{#with user}}<{{name}}|{{hasOwnProperty}}>{{/with}}')).toEqual(
      notDefined('hasOwnProperty'),
    );
    expect(render('{{#each items}}{{../toString}}{{/each}}')).toEqual(notDefined('toString'));
    expect(render('{{#each grid}}{{map}}{{/each}}')).toEqual(notDefined('map'));
    expect(render('{{#each items}}{{nope}}{{/each}}')).toEqual(notDefined('nope'));
  });

  it('render an item’s own key of that name, and print blocks as before', () => {
    expect(render('{{#each items}}{{#if constructor}}{{constructor}}{{else}}-{{/if}}{{/each}}')).toEqual({
      ok: true,
      value: '-own',
    });
    expect(
      render('{{#each items}}{{@index}}={{name}};{{/each}}{{#each grid}}[{{this.[0]}}]{{/each}}'),
    ).toEqual({
      ok: true,
      value: '0=x;1=y;[1][3]',
    });
    // an item that is an object or a list is not printed '[object Object]' or '1,2' (QA333)
    expect(render('{{#each items}}{{this}}{{/each}}')).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('"items.[0]" is an object') },
    });
    expect(render('{{#with user}}{{name}}{{/with}} {{json items}} {{items.length}}')).toEqual({
      ok: true,
      value: 'u [{"name":"x"},{"name":"y","constructor":"own"}] 2',
    });
  });
});
