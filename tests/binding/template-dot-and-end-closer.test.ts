/**
 * Two template slips said in the plan's words, at the character: `{{question.}}` (a name ending in a
 * dot, which Handlebars parses as `{{question .}}`, a helper call) read 'unknown helper "question"',
 * as if `question` were not a var; a closer the text ends in before its name (`{{#if q}}a{{/`) read the
 * grammar's "Expecting 'ID', 'STRING', 'NUMBER', …, got 'EOF'".
 */
import { describe, expect, it } from 'vitest';
import { compileTemplate, type TemplateError } from '../../src/binding/template.js';

function compileErrors(template: string): TemplateError[] {
  const errors: TemplateError[] = [];
  compileTemplate(template, errors);
  return errors;
}

describe('a name ending in a dot', () => {
  it('is told to drop the dot or name a field, at the name', () => {
    for (const [template, name, at] of [
      ['{{question.}}', 'question', 2],
      ['Q: {{ q. }} end', 'q', 6],
      ['{{#if x}}{{item.}}{{/if}}', 'item', 11],
    ] as const) {
      const [error, ...rest] = compileErrors(template);
      expect(rest).toEqual([]);
      expect(error?.message).toBe(
        `\`${name}.\` ends in a dot, which Handlebars reads as the helper "${name}" given \`.\`: write \`{{${name}}}\`, or \`{{${name}.field}}\` for a field of it`,
      );
      expect(error?.offset).toBe(at);
    }
  });

  it('a helper given `.` after a blank is still an unknown helper, and a field path still renders', () => {
    expect(compileErrors('{{upper .}}')[0]?.message).toMatch(/^unknown helper "upper"/);
    expect(compileErrors('{{q.a}} {{this}} {{.}} {{q.[0]}}')).toEqual([]);
  });
});

describe('a closer the text ends in before its name', () => {
  it('names the block to close, at the closer', () => {
    const [error] = compileErrors('{{#if question}}a{{else}}b{{/');
    expect(error?.message).toBe("the text ends inside `{{/`, a closer without its block's name");
    expect(error?.hint).toBe('write `{{/if}}` to close `{{#if question}}`');
    expect(error?.offset).toBe(26);
    const [nested] = compileErrors('{{#each xs}}{{#with x}}a{{/with}}{{~/  ');
    expect(nested?.hint).toBe('write `{{/each}}` to close `{{#each xs}}`');
    expect(nested?.offset).toBe(33);
  });
});

describe('a dot-ended name in the other places a name can be (QA207)', () => {
  it('is named as written: this, ../ and @root', () => {
    // `{{this.}}` read 'the helper "" given `.`: write `{{}}`'; the other two passed compile and
    // failed every example with 'container.strict(...).call is not a function'.
    for (const [template, name] of [
      ['{{#each xs}}{{this.}}{{/each}}', 'this'],
      ['{{this.q.}}', 'this.q'],
      ['{{#each xs}}{{../q.}}{{/each}}', '../q'],
      ['{{@root.q.}}', '@root.q'],
    ] as const) {
      const [error, ...rest] = compileErrors(template);
      expect(rest).toEqual([]);
      expect(error?.message).toBe(
        `\`${name}.\` ends in a dot, which Handlebars reads as the helper "${name}" given \`.\`: write \`{{${name}}}\`, or \`{{${name}.field}}\` for a field of it`,
      );
      expect(error?.offset).toBe(template.indexOf(name));
    }
  });

  it('given to a helper, it is that argument, not a count of arguments or nothing', () => {
    // `{{#if q.}}` read '`if` takes one argument, got 2'; `{{json q.}}` and `{{lookup o.}}` compiled.
    for (const template of [
      '{{#if q.}}y{{/if}}',
      '{{json q.}}',
      '{{lookup o. "k"}}',
      '{{json (lookup o q.)}}',
    ]) {
      const name = template.includes('o.') ? 'o' : 'q';
      const [error, ...rest] = compileErrors(template);
      expect(rest).toEqual([]);
      expect(error?.message).toBe(
        `\`${name}.\` ends in a dot, which Handlebars reads as two arguments, \`${name}\` and \`.\`: write \`${name}\`, or \`${name}.field\` for a field of it`,
      );
      expect(error?.offset).toBe(template.indexOf(`${name}.`));
    }
  });

  it('a call through ../ or @root is an unknown helper, and those paths still render', () => {
    expect(compileErrors('{{#each xs}}{{../q x}}{{/each}}')[0]?.message).toMatch(/^unknown helper "\.\.\/q"/);
    expect(compileErrors('{{@root.q x}}')[0]?.message).toMatch(/^unknown helper "@root\.q"/);
    expect(
      compileErrors('{{#each xs}}{{../q}}{{@index}}{{.}}{{/each}} {{@root.q}} {{json q}} {{lookup o "k"}}'),
    ).toEqual([]);
  });
});

describe('a nameless closer or an opener the text ends in (QA207)', () => {
  // They read the grammar's "Expecting 'ID', 'STRING', 'NUMBER', …, got 'CLOSE'" (or 'EOF').
  it('a `{{/}}` inside a block names the block to close, at the closer', () => {
    for (const template of ['{{#if q}}a{{/ }}', '{{#if q}}a{{else}}b{{~/~}}']) {
      const [error, ...rest] = compileErrors(template);
      expect(rest).toEqual([]);
      expect(error?.message).toBe("a `{{/}}` without its block's name");
      expect(error?.hint).toBe('write `{{/if}}` to close `{{#if q}}`');
      expect(error?.offset).toBe(template.lastIndexOf('{{'));
    }
  });

  it('an opener, `{{^` or `{{else` the text ends in is said at it', () => {
    for (const [template, tag, hint] of [
      ['{{#if q}}a{{#', '{{#', 'finish the block, `{{#if x}}…{{/if}}`, or remove it'],
      ['x {{# ', '{{#', 'finish the block, `{{#if x}}…{{/if}}`, or remove it'],
      ['{{#if q}}a{{^', '{{^', 'write `{{else}}` inside a block, or remove it'],
      ['{{#if q}}a{{else', '{{else', 'write `{{else}}` inside a block, or remove it'],
    ] as const) {
      const [error, ...rest] = compileErrors(template);
      expect(rest).toEqual([]);
      expect(error?.message).toBe(`the text ends inside \`${tag}\`, a placeholder not closed with \`}}\``);
      expect(error?.hint).toBe(hint);
      expect(error?.offset).toBe(template.lastIndexOf('{{'));
    }
  });
});

describe('a placeholder that names nothing (QA207)', () => {
  // `{{}}`, `{{#}}`, `{{&}}`, `{{>}}` read the grammar's "Expecting 'ID', 'STRING', …, got 'CLOSE'".
  it('is said at its `{{`, by what it lacks', () => {
    for (const [template, tag, message, at] of [
      ['a {{}} b', '{{}}', 'is a placeholder without a name', 2],
      ['a {{ ~}} b', '{{}}', 'is a placeholder without a name', 2],
      ['{{#if q}}{{# }}x{{/if}}', '{{#}}', "is a block without its helper's name", 9],
      ['{{&}}', '{{&}}', "is a placeholder without a var's name", 0],
      ['x {{>}}', '{{>}}', 'is a partial without its name', 2],
    ] as const) {
      const [error, ...rest] = compileErrors(template);
      expect(rest, template).toEqual([]);
      expect(error?.message, template).toBe(`\`${tag}\` ${message}`);
      expect(error?.offset, template).toBe(at);
    }
  });

  it('a closed `{{{}}}` or a literal `\\{{}}` is not taken for one', () => {
    expect(compileErrors('\\{{}} x')).toEqual([]);
    expect(compileErrors('{{{}}}')[0]?.message ?? '').not.toMatch(/without/);
  });
});
