/**
 * QA44: DESIGN §2's `serve.env: { PORT: "7101" }` — written unquoted, `PORT: 7101` is a number and
 * is refused; the hint said `PORT: "1.0"` (a generic example meant for versions). It now quotes
 * the value itself; a version keeps the 1.0 explanation (YAML has already turned 1.0 into 1).
 */
import { describe, expect, it } from 'vitest';
import { hintsFor } from '../compiler/plan-helpers.js';

const PLAN = `evalc: 1
benchmark: { id: b, version: 2.0 }
agents:
  a1:
    protocol: raip
    url: http://127.0.0.1:7101
    serve: { command: node a.mjs, env: { PORT: 7101, DEBUG: true } }
`;

describe('a number or boolean where text is expected', () => {
  it('is told to quote it, with its own value', async () => {
    const hints = await hintsFor(PLAN, 'EVALC_SCHEMA_TYPE');
    expect(hints).toEqual([
      // QA315: quoted as written, 2.0, not a generic 1.0.
      'benchmark.version: quote the value to keep it text: version: "2.0" (YAML reads an unquoted 2.0 as the number 2)',
      'agents.a1.serve.env.PORT: quote the value to keep it text: PORT: "7101"',
      'agents.a1.serve.env.DEBUG: quote the value to keep it text: DEBUG: "true"',
    ]);
  });
});
