/**
 * The template hint for a `{{` never closed said 'for literal braces write `\{{`', and `"\{{"` in a
 * double-quoted YAML value (where templates mostly are) is 'Invalid escape sequence \{', said with no
 * hint (QA166). Both say what to write now, and what they say validates.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileTemplate, renderTemplate } from '../../src/binding/template.js';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { parseYamlFile } from '../../src/plan/yaml-file.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const plan = (input: string) => `evalc: 1
benchmark: { id: b }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings:
      default:
        input: { q: ${input} }
        output: { a: output.a }
    datasets:
      d: { examples: [ { id: x1, vars: { q: hi } } ] }
`;
async function errors(input: string): Promise<string[]> {
  const dir = writeFiles({ 'evalc.yaml': plan(input) });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  return r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.message} | ${d.hint}`);
}

describe('literal braces in a template', () => {
  it('the unclosed-placeholder hint names the double-quoted form, which validates', async () => {
    const said = await errors('"{{q"');
    expect(said).toEqual([
      'template does not compile: a `{{` is not closed with `}}` | end each placeholder with `}}`; for literal braces write `\\{{` (`\\\\{{` in a double-quoted YAML value)',
    ]);
    expect(await errors('"\\\\{{q and {{q}}"')).toEqual([]);
    expect(await errors("'\\{{q and {{q}}'")).toEqual([]);
  });

  it('a backslash escape YAML does not know says what to write', () => {
    const said = parseYamlFile('e.yaml', 'q: "\\{{q}}"\n').diagnostics.map(
      (d) => `${d.source?.line}:${d.source?.col} ${d.message} | ${d.hint}`,
    );
    expect(said).toEqual([
      "1:5 Invalid escape sequence \\{ | in double quotes a backslash starts an escape (\\n, \\\", \\\\): write `\\\\{` to keep `\\{` as written, or single-quote the value ('…')",
    ]);
  });

  it('renders the braces the hint writes as braces', () => {
    const errs: unknown[] = [];
    const t = compileTemplate('\\{{q}} is {{q}}', errs as never);
    expect(errs).toEqual([]);
    expect(renderTemplate(t, { q: 'hi' })).toEqual({ ok: true, value: '{{q}} is hi' });
  });
});

describe("the other halves of QA161's template slips", () => {
  it('a {{{ closed with }}, and an {{else}} outside a block, are said with what to write', async () => {
    expect(await errors('"{{{q}}"')).toEqual([
      'template does not compile: a `{{{` is closed with `}}` | write `{{name}}` (or `{{{name}}}` on both sides)',
    ]);
    expect(await errors('"a {{else}} b"')).toEqual([
      'template does not compile: an `{{else}}` outside a block | an `{{else}}` goes inside a block: `{{#if x}}…{{else}}…{{/if}}`',
    ]);
  });
});
