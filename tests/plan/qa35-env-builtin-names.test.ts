/**
 * QA35: `${env.constructor}` (or `toString`, `valueOf`) read Object.prototype's function through
 * the environment object instead of reporting an unset variable: the header would have carried
 * "function Object() { [native code] }". Only the environment's own variables resolve.
 */
import { describe, expect, it } from 'vitest';
import { resolveSecrets } from '../../src/plan/secrets.js';

describe('${env.NAME} for a name Object.prototype also answers', () => {
  it('is an unset variable unless the environment holds it', () => {
    const env = { A1_TOKEN: 'tok-123456' } as NodeJS.ProcessEnv;
    expect(resolveSecrets({ authorization: 'Bearer ${env.constructor} ${env.toString}' }, env)).toEqual({
      ok: false,
      missing: ['constructor', 'toString'],
    });
  });

  it('resolves such a name when the environment does hold it', () => {
    const env = { constructor: 'set-by-user' } as unknown as NodeJS.ProcessEnv;
    expect(resolveSecrets({ x: '${env.constructor}' }, env)).toEqual({
      ok: true,
      values: { x: 'set-by-user' },
    });
  });
});
