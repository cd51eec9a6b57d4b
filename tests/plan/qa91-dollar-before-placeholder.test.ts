/**
 * Regression (QA91): a price written before a placeholder, `"Refund order {{order}} for ${{amount}}"`,
 * was refused at validate as a malformed secret reference (`EVALC_SECRET_SYNTAX: malformed reference
 * ${{amount}`), an error: a `$` before a Handlebars `{{…}}` is text (`$30`), never `${env.NAME}`.
 * Malformed references and secrets outside headers are still reported.
 */
import { describe, expect, it } from 'vitest';
import { checkSecretPlacement } from '../../src/plan/secret-placement.js';

const nowhere = () => undefined;

describe('a dollar sign before a template placeholder', () => {
  it('is text, not a secret reference', () => {
    const raw = {
      tasks: {
        t: {
          bindings: { default: { input: 'Refund order {{order}} for ${{amount}} (max ${{{limit}}})' } },
          metrics: [{ type: 'judge', content: 'Costs ${{candidate.price}}' }],
        },
      },
    };
    expect(checkSecretPlacement(raw, nowhere)).toEqual([]);
  });

  it('still reports malformed references and secrets outside headers', () => {
    const raw = {
      agents: { a1: { headers: { b: '${TOKEN}' } } },
      tasks: { t: { bindings: { default: { input: 'for ${{amount}} with ${env.KEY}' } } } },
    };
    expect(checkSecretPlacement(raw, nowhere).map((d) => [d.code, d.path.join('.')])).toEqual([
      ['EVALC_SECRET_SYNTAX', 'agents.a1.headers.b'],
      ['EVALC_SECRET_PLACEMENT', 'tasks.t.bindings.default.input'],
    ]);
  });
});
