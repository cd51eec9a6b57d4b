/**
 * A template that does not compile is said at the character the error is about — the `{{/…}}`
 * that closes the wrong block, the unknown helper, the `}` where `}}` was due — inside the YAML
 * value, whatever its quoting (plain, '…' with '' escapes, "…" with \ escapes, a | block). A
 * value whose source does not map character by character (a folded > block, an alias) is said
 * at its start, as before.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { planDiagnostics, writeFiles } from '../compiler/plan-helpers.js';

const head = `evalc: 1
benchmark: { id: b, version: 1.0.0 }
agents:
  a: { protocol: raip, url: http://127.0.0.1:7101 }
`;

/** A plan whose one task's binding input is `inputYaml` (indented under `input:`). */
const plan = (inputYaml: string) => `${head}tasks:
  t:
    bindings:
      default:
        input:
${inputYaml}
        output: { answer: output.answer }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi } } ] }
`;

/** `line:col` (both from 1) of the first `marker` in `text` at or after the line holding `after`. */
function positionOf(text: string, marker: string, after = ''): string {
  const lines = text.split('\n');
  const from = lines.findIndex((l) => l.includes(after));
  for (let i = Math.max(0, from); i < lines.length; i++) {
    const col = lines[i]!.indexOf(marker);
    if (col >= 0) return `${i + 1}:${col + 1}`;
  }
  throw new Error(`no ${marker} in the plan`);
}

async function templateErrors(yaml: string): Promise<string[]> {
  return (await planDiagnostics(yaml))
    .filter((d) => d.code === 'EVALC_BIND_TEMPLATE_SYNTAX')
    .map((d) => `${d.source?.line}:${d.source?.col}`);
}

describe('a template error is said where it is in the value', () => {
  it('in a plain value: at the lone `}` where `}}` was due', async () => {
    const yaml = plan('          query: Find {{q} now');
    expect(await templateErrors(yaml)).toEqual([positionOf(yaml, '} now')]);
  });

  it("in a '…' value after a '' escape: at the closer of the wrong block", async () => {
    const yaml = plan("          query: 'It''s {{#if q}}x{{/iff}}'");
    expect(await templateErrors(yaml)).toEqual([positionOf(yaml, '{{/iff}}')]);
  });

  it('in a "…" value after \\ escapes (\\t, \\u00e9, \\", \\U0001F600): at the closer', async () => {
    const yaml = plan('          query: "Tab\\t\\u00e9 \\"x\\" \\U0001F600 {{#if q}}x{{/iff}}"');
    expect(await templateErrors(yaml)).toEqual([positionOf(yaml, '{{/iff}}')]);
  });

  it('in \'…\' and "…" values after characters beyond the BMP (emoji): at the closer', async () => {
    const single = plan("          query: 'Hi 😀😀 {{#if q}}x{{/iff}}'");
    expect(await templateErrors(single)).toEqual([positionOf(single, '{{/iff}}')]);
    const double = plan('          query: "Hi 😀\\t😀 {{#if q}}x{{/iff}}"');
    expect(await templateErrors(double)).toEqual([positionOf(double, '{{/iff}}')]);
  });

  it('in a | block, lines below its start and indented deeper: on its own line', async () => {
    const yaml = plan(
      [
        '          query: |',
        '            Student asks:',
        '              {{#if q}}{{q}}{{/iff}}',
        '            Thanks',
      ].join('\n'),
    );
    expect(await templateErrors(yaml)).toEqual([positionOf(yaml, '{{/iff}}')]);
  });

  it('in a list inside the input: at the unknown helper, at a block never closed, at a closer with no opener', async () => {
    const yaml = plan(
      [
        '          messages:',
        '            - { role: user, content: "ask {{upper q}}" }',
        '            - { role: user, content: "{{#each q}}{{this}}" }',
        '            - { role: user, content: "x {{/if}} y" }',
      ].join('\n'),
    );
    expect(await templateErrors(yaml)).toEqual([
      positionOf(yaml, 'upper q'),
      positionOf(yaml, '{{#each'),
      positionOf(yaml, '{{/if}}'),
    ]);
  });

  it('at the closer that breaks the nesting, not an earlier one of the same name that closes its block (QA186)', async () => {
    const yaml = plan(
      [
        "          stray: '{{#if q}}x{{/if}} y {{/if}}'",
        "          mismatched: '{{#with q}}{{#if q}}x{{/if}}{{/if}}'",
        '          lines: |',
        '            {{#if q}}',
        '            {{/if}}',
        '            {{/if}} again',
      ].join('\n'),
    );
    expect(await templateErrors(yaml)).toEqual([
      positionOf(yaml, "{{/if}}'", 'stray:'),
      positionOf(yaml, "{{/if}}'", 'mismatched:'),
      positionOf(yaml, '{{/if}} again'),
    ]);
  });

  it('a block never closed is the one outside a comment, said there (QA186)', async () => {
    const yaml = plan("          query: 'x {{#with q}}{{!-- {{#each q}} --}}{{q}}'");
    const [error] = (await planDiagnostics(yaml)).filter((d) => d.code === 'EVALC_BIND_TEMPLATE_SYNTAX');
    expect(error?.message).toBe(
      'template does not compile: `{{#with q}}` is never closed: the text ends inside its block',
    );
    expect(`${error?.source?.line}:${error?.source?.col}`).toBe(positionOf(yaml, '{{#with'));
  });

  it('in a "…" value with \\r line ends: at the helper; after a \\L on its line: at the value\'s start (QA186)', async () => {
    const yaml = plan(
      [
        '          cr: "x\\rab\\r\\ncd\\nef {{upper q}}"',
        '          ls: "x\\nab\\L\\L\\L{{upper q}}"',
        '          path: "x\\n\\L {{a/../b}}"',
      ].join('\n'),
    );
    // Handlebars ends a line at \r too, and on a later line counts no column past a U+2028.
    expect(await templateErrors(yaml)).toEqual([
      positionOf(yaml, 'upper q', 'cr:'),
      positionOf(yaml, '"', 'ls:'),
      positionOf(yaml, '"', 'path:'),
    ]);
  });

  it('a placeholder that holds a character it cannot: at that character, said so; one left open: at its {{ (QA186)', async () => {
    const yaml = plan(
      [
        "          bang: 'x {{q!}} y'",
        "          quote: 'x {{\"q}} y'",
        "          bracket: 'x {{[first name}} y'",
        "          open: 'x {{#if q}}y{{/if'",
        "          comment: 'x {{!-- note'",
      ].join('\n'),
    );
    const found = (await planDiagnostics(yaml))
      .filter((d) => d.code === 'EVALC_BIND_TEMPLATE_SYNTAX')
      .map(
        (d) => `${d.source?.line}:${d.source?.col} ${d.message.replace('template does not compile: ', '')}`,
      );
    expect(found).toEqual([
      `${positionOf(yaml, '!}}')} \`!\` cannot stand in a placeholder`,
      `${positionOf(yaml, '"q}}')} this " opens a string in \`{{…}}\` that no " closes`,
      `${positionOf(yaml, '[first')} this \`[\` in \`{{…}}\` is not closed with \`]\``,
      `${positionOf(yaml, "{{/if'")} a \`{{\` is not closed with \`}}\``,
      `${positionOf(yaml, '{{!--')} a \`{{!--\` comment is never closed: the text ends inside it`,
    ]);
  });

  it('a text that ends too early in a | or |+ block: at its end, not on the next key (QA186)', async () => {
    const yaml = plan(
      [
        '          clip: |',
        '            x {{q ',
        '          keep: |+',
        '            y {{#if q}}{{/',
        '',
        '',
      ].join('\n'),
    );
    const lines = yaml.split('\n');
    const endOf = (text: string) => {
      const i = lines.findIndex((l) => l.endsWith(text));
      return `${i + 1}:${lines[i]!.length + 1}`;
    };
    // The `{{` left open is said at its `{{` (QA191: at the end, as the grammar's 14 expected tokens),
    // and so is the `{{/` the text ends in, told the block to close (it read the grammar's 7).
    const opener = `${lines.findIndex((l) => l.endsWith('x {{q ')) + 1}:${'            x {{'.length - 1}`;
    const closer = endOf('{{/').replace(/\d+$/, (column) => String(Number(column) - 3));
    expect(await templateErrors(yaml)).toEqual([opener, closer]);
  });

  it('in a file the plan includes: that file, at the character', async () => {
    const tasks = `tasks:
  t:
    bindings:
      default:
        input: { query: "Find {{#with q}}x{{/if}}" }
        output: { answer: output.answer }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi } } ] }
`;
    const dir = writeFiles({ 'evalc.yaml': `${head}include: [tasks.yaml]\n`, 'tasks.yaml': tasks });
    try {
      const { diagnostics } = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
      const found = diagnostics.filter((d) => d.code === 'EVALC_BIND_TEMPLATE_SYNTAX');
      expect(found.map((d) => `${d.source?.file}:${d.source?.line}:${d.source?.col}`)).toEqual([
        `tasks.yaml:${positionOf(tasks, '{{/if}}')}`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a JMESPath error is said where it is in the expression', () => {
  /** A plan whose binding has these output lines (indented under `output:`). */
  const withOutput = (lines: string[]) =>
    `${head}tasks:
  t:
    bindings:
      default:
        input: { query: "{{q}}" }
        output:
${lines.map((l) => `          ${l}`).join('\n')}
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi } } ] }
`;
  const jmespathErrors = async (yaml: string) =>
    (await planDiagnostics(yaml))
      .filter((d) => d.code === 'EVALC_BIND_JMESPATH')
      .map((d) => `${d.source?.line}:${d.source?.col}`);

  it('at the token the parser did not expect, the character the lexer refused, the call it refused', async () => {
    const yaml = withOutput([
      'codes: "metadata.courses[.code"',
      "first: 'output.items ^ 1'",
      'tools: unknown_fn(tool_calls)',
      'literal: "output.`{bad`"',
    ]);
    expect(await jmespathErrors(yaml)).toEqual([
      positionOf(yaml, '.code"'),
      positionOf(yaml, '^ 1'),
      positionOf(yaml, 'unknown_fn'),
      positionOf(yaml, '`{bad'),
    ]);
  });

  it('that ends too early: at its end', async () => {
    const yaml = withOutput(['answer: output.answer.']);
    const [line, col] = positionOf(yaml, 'output.answer.').split(':').map(Number);
    expect(await jmespathErrors(yaml)).toEqual([`${line}:${col! + 'output.answer.'.length}`]);
  });
});

describe("a judge metric's content template", () => {
  it('is said at the character too', async () => {
    const yaml = `${head}judges:
  j: { protocol: agent-eval, url: http://127.0.0.1:5005, rubric: r }
tasks:
  t:
    bindings:
      default: { input: { query: "{{q}}" }, output: { answer: output.answer } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi } } ] }
    metrics:
      - { type: judge, judge: j, content: "Answer: {{#if candidate.answer}}yes{{/each}}" }
`;
    expect(await templateErrors(yaml)).toEqual([positionOf(yaml, '{{/each}}')]);
  });
});

describe('a value that does not map character by character is said at its start', () => {
  it('a folded > block', async () => {
    const yaml = plan(
      ['          query: >', '            Student asks:', '            {{#if q}}{{/iff}}'].join('\n'),
    );
    expect(await templateErrors(yaml)).toEqual([positionOf(yaml, '>', 'query: >')]);
  });

  it('an alias of a value written elsewhere', async () => {
    const yaml = plan('          query: *tpl').replace(
      'evalc: 1\n',
      'evalc: 1\nx-anchor: &tpl "{{#if q}}{{/iff}}"\n',
    );
    expect(await templateErrors(yaml)).toEqual([positionOf(yaml, '*tpl')]);
  });
});
