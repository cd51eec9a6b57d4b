/**
 * QA186: the plan's JSON Schema took any text as an agent's, a judge's or a serve.ready url, so an
 * editor accepted `url: not a url` and `url: 127.0.0.1:7101`, which `evalc validate` refuses
 * (EVALC_URL_INVALID). The schema now requires the http(s) scheme as the URL parser reads it; what
 * validate accepts, it accepts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { describeBadHttpUrl } from '../../src/compiler/url-check.js';
import { REPO_ROOT } from './run-cli.js';

const schema = JSON.parse(readFileSync(path.join(REPO_ROOT, 'schemas/evalc.schema.json'), 'utf8'));
const validate = new Ajv2020({ strict: false, allErrors: true }).compile(schema);

/** A plan whose every http url (agents of each protocol, a judge, serve.ready) is `url`. */
const planWith = (url: string) => ({
  evalc: 1,
  benchmark: { id: 'b' },
  agents: {
    a1: { protocol: 'raip', url, serve: { command: 'node a.mjs', ready: { url } } },
    a2: { protocol: 'chat', url },
    a3: { protocol: 'openai', url, model: 'm' },
    a4: { protocol: 'http', url },
  },
  judges: {
    j: { protocol: 'agent-eval', url, rubric: 'r', serve: { command: 'node j.mjs', ready: { url } } },
  },
});

/** The paths the schema refuses, as `/agents/a1/url`. */
function refused(url: string): string[] {
  validate(planWith(url));
  const paths = (validate.errors ?? []).filter((e) => e.keyword === 'pattern').map((e) => e.instancePath);
  return [...new Set(paths)].sort();
}

describe('http urls in the plan JSON Schema (QA186)', () => {
  it('accepts the urls validate accepts', () => {
    for (const url of [
      'http://127.0.0.1:7101',
      'https://h/v1',
      'HTTP://H',
      ' http://h',
      'http:h',
      'http://h/a?key=${env.K}',
    ]) {
      expect(describeBadHttpUrl(url), url).toBeUndefined();
      expect(validate(planWith(url)), url).toBe(true);
    }
  });

  it('refuses one without its http(s) scheme at every url, as validate does', () => {
    for (const url of ['not a url', '127.0.0.1:7101', 'localhost/agent', 'ftp://h', 'htp://h']) {
      expect(describeBadHttpUrl(url), url).toBeDefined();
      expect(refused(url), url).toEqual([
        '/agents/a1/serve/ready/url',
        '/agents/a1/url',
        '/agents/a2/url',
        '/agents/a3/url',
        '/agents/a4/url',
        '/judges/j/serve/ready/url',
        '/judges/j/url',
      ]);
    }
  });
});
