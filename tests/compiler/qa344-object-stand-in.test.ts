/**
 * QA344: validate stands in for a candidate whose output expression always makes an object (a
 * multi-select hash) with a value that may not be printed in text (eb6638d4). It threw when
 * made text at all, and Handlebars makes a block's context text to compare it with the one
 * around it when the template reads `../`: `{{#with candidate.pair}}{{#each @root.tags}}
 * {{../../q}}{{/each}}{{/with}}` failed validate, '"candidate.pair" is an object'. Printing it
 * is still the error; a list (a projection) is not refused before the run, its items unknown.
 */
import { describe, expect, it } from 'vitest';
import { compileTemplate, renderTemplate, type TemplateError } from '../../src/binding/template.js';
import { candidateStandIns } from '../../src/compiler/candidate-stand-ins.js';

const ANY: unknown = new Proxy(
  {},
  {
    has: () => true,
    getOwnPropertyDescriptor: (_t, p) =>
      typeof p === 'symbol' ? undefined : { configurable: true, enumerable: true, value: ANY },
    get: (_t, p) => (p === Symbol.toPrimitive ? () => 'value' : typeof p === 'symbol' ? undefined : ANY),
  },
);
const candidate = candidateStandIns({ pair: 'output.{a: x, b: y}', names: 'output.list[*].name' }, ANY);
const context = { q: 'hi', tags: ['a', 'b'], candidate };

function render(template: string) {
  const errors: TemplateError[] = [];
  const node = compileTemplate(template, errors);
  expect(errors).toEqual([]);
  const out = renderTemplate(node, context);
  return out.ok ? out.value : `error: ${out.error.message}`;
}

describe('validate’s stand-in of a candidate that is always an object', () => {
  it('is not printed by a block comparing contexts', () => {
    expect(render('{{#with candidate.pair}}{{#each @root.tags}}{{../../q}}{{/each}}{{/with}}')).toBe('hihi');
  });

  it('is an error printed in text, named by its path; a projection is not', () => {
    expect(render('P: {{candidate.pair}}')).toBe(
      'error: "candidate.pair" is an object, which text prints as [object Object]: write {{json candidate.pair}} for its JSON, or {{candidate.pair.FIELD}} for one of its fields',
    );
    expect(render('N: {{candidate.names}} {{candidate.pair.a}}')).toBe('N: value value');
  });
});
