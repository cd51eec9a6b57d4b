/** `${env.NAME}`: allowed only in headers and serve.env, resolved at run time, scrubbed from text. */
import { describe, expect, it } from 'vitest';
import { checkSecretPlacement } from '../../src/plan/secret-placement.js';
import { resolveSecrets, scrubSecrets, secretValues, substituteEnvRefs } from '../../src/plan/secrets.js';

const nowhere = () => undefined;

describe('secret placement', () => {
  it('accepts references in agent and judge headers and in serve.env', () => {
    const raw = {
      agents: {
        a1: {
          headers: { authorization: 'Bearer ${env.A1_TOKEN}' },
          serve: { command: 'node a.mjs', env: { KEY: '${env.A1_KEY}' } },
        },
      },
      judges: { j: { headers: { 'x-api-key': '${env.JUDGE_KEY}' } } },
    };
    expect(checkSecretPlacement(raw, nowhere)).toEqual([]);
  });

  it('refuses references anywhere else, by plan path', () => {
    const raw = {
      agents: { a1: { url: 'http://${env.HOST}/x', serve: { command: 'run ${env.X}' } } },
      tasks: { t: { bindings: { default: { input: { token: '${env.T}' } } } } },
    };
    expect(checkSecretPlacement(raw, nowhere).map((d) => [d.code, d.path.join('.')])).toEqual([
      ['EVALC_SECRET_PLACEMENT', 'agents.a1.url'],
      ['EVALC_SECRET_PLACEMENT', 'agents.a1.serve.command'],
      ['EVALC_SECRET_PLACEMENT', 'tasks.t.bindings.default.input.token'],
    ]);
  });

  it('reports malformed references', () => {
    const raw = { agents: { a1: { headers: { a: '${env.1BAD}', b: '${TOKEN}', c: '${env.OK}' } } } };
    expect(checkSecretPlacement(raw, nowhere).map((d) => [d.code, d.message])).toEqual([
      ['EVALC_SECRET_SYNTAX', 'malformed reference ${env.1BAD}'],
      ['EVALC_SECRET_SYNTAX', 'malformed reference ${TOKEN}'],
    ]);
  });
});

describe('resolving and scrubbing secrets', () => {
  it('resolves from the environment and names missing variables without values', () => {
    expect(resolveSecrets({ authorization: 'Bearer ${env.T}' }, { T: 'abc123' })).toEqual({
      ok: true,
      values: { authorization: 'Bearer abc123' },
    });
    expect(resolveSecrets({ a: '${env.A}', b: '${env.B}' }, { A: 'x' })).toEqual({
      ok: false,
      missing: ['B'],
    });
  });

  it('scrubs whole header values and bare bearer tokens from text', () => {
    const secrets = secretValues([{ authorization: 'Bearer tok-123456' }]);
    // The whole value, the credential after the scheme, and the whole value percent-encoded
    // (secretForms: a server quoting its URL; `+` for the space in a form, QA160); the token has
    // no other spelling.
    expect(secrets).toEqual(['Bearer%20tok-123456', 'Bearer tok-123456', 'Bearer+tok-123456', 'tok-123456']);
    expect(scrubSecrets('sent Bearer tok-123456; echo tok-123456', secrets)).toBe('sent ***; echo ***');
  });

  it('ignores values too short to scrub safely', () => {
    expect(secretValues([{ a: 'x' }])).toEqual([]);
  });
});

describe('substituteEnvRefs', () => {
  it("reads only the environment's own variables: an inherited member is not set", async () => {
    const { resolveSecretHeaders } = await import('../../src/protocols/agent-eval/judge-runtime.js');
    const missing: string[] = [];
    expect(
      substituteEnvRefs('Bearer ${env.TOKEN} ${env.constructor}/${env.toString}', { TOKEN: 'abc' }, (n) =>
        missing.push(n),
      ),
    ).toBe('Bearer abc /');
    expect(missing).toEqual(['constructor', 'toString']);
    expect(resolveSecretHeaders({ authorization: '${env.valueOf}' }, {})).toEqual({
      ok: false,
      message: 'header "authorization" needs environment variable valueOf, which is not set',
    });
  });
});
