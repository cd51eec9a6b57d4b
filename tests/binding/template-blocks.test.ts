/** template-blocks.ts: a template's blocks read as Handlebars nests them. */
import { describe, expect, it } from 'vitest';
import { readBlockNesting } from '../../src/binding/template-blocks.js';

describe('the nesting of a template read from its text', () => {
  it('finds the first closer with no block open, not an earlier one that closes its block', () => {
    expect(readBlockNesting('{{#if a}}x{{/if}} {{/if}}')).toMatchObject({
      kind: 'stray',
      closer: { tag: '{{/if}}', index: 18 },
    });
    // A partial block closes with its partial's name; a decorator block with its own.
    expect(readBlockNesting('{{#> p}}x{{/p}}{{#*inline "q"}}y{{/inline}}{{/if}}')).toMatchObject({
      kind: 'stray',
      closer: { index: 43 },
    });
  });

  it('finds the first closer of another block than the one open', () => {
    expect(readBlockNesting('{{#with a}}{{#if b}}{{/if}}{{~/if~}}')).toMatchObject({
      kind: 'mismatch',
      open: { name: 'with', index: 0 },
      closer: { tag: '{{~/if~}}', index: 27 },
    });
  });

  it('reads no block in a comment, a raw block or after \\{{', () => {
    expect(
      readBlockNesting(
        '{{#with a}}{{!-- {{/with}} }} --}}{{! {{#each}} }}{{{{raw}}}}{{/with}}{{{{/raw}}}}\\{{/with}}',
      ),
    ).toMatchObject({ kind: 'nested', unclosed: [{ tag: '{{#with a}}', index: 0 }] });
    // `\\{{` is a backslash before a real mustache.
    expect(readBlockNesting('\\\\{{/if}}')).toMatchObject({ kind: 'stray', closer: { index: 2 } });
  });
});
