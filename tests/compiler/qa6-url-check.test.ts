/**
 * Agent, judge and serve.ready URLs must be absolute http(s) URLs: a typo is a validate error
 * at the URL's file:line:col (QA6: `url: "not a url"` and `ftp://…` validated, then apply
 * reported "invalid URL for GET" for a RAIP agent and five contract_errors for a chat agent).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { spawnCli } from '../cli/run-cli.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function writePlan(agent: string, extra = ''): { dir: string; file: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'qa6-url-check-'));
  dirs.push(dir);
  const file = path.join(dir, 'evalc.yaml');
  writeFileSync(
    file,
    `evalc: 1
benchmark: { id: b }
agents:
  a: ${agent}
${extra}tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }
`,
  );
  return { dir, file };
}

async function urlErrors(agent: string, extra = ''): Promise<string[]> {
  const { dir, file } = writePlan(agent, extra);
  const result = await loadPlan(file, { cwd: dir, offline: true });
  return result.diagnostics
    .filter((d) => d.code === 'EVALC_URL_INVALID')
    .map((d) => `${d.source?.line}:${d.source?.col} ${d.message}`);
}

describe('agent and judge URLs', () => {
  it('accepts http and https URLs, and leaves mae socket addresses to the socket parser', async () => {
    expect(await urlErrors('{ protocol: raip, url: "http://127.0.0.1:7101" }')).toEqual([]);
    expect(await urlErrors('{ protocol: chat, url: "https://example.com/agent/respond" }')).toEqual([]);
    expect(await urlErrors('{ protocol: mae, transport: socket, address: "127.0.0.1:9" }')).toEqual([]);
    expect(await urlErrors('{ protocol: mae, transport: local, command: "node a.mjs" }')).toEqual([]);
  });

  it('reports a URL that is not one, a non-http scheme and a missing scheme at the url', async () => {
    expect(await urlErrors('{ protocol: raip, url: "not a url" }')).toEqual([
      '4:29 agent a: url "not a url" is not an absolute URL (expected http://host:port/…)',
    ]);
    expect(await urlErrors('{ protocol: chat, url: "ftp://127.0.0.1:7102" }')).toEqual([
      '4:29 agent a: url "ftp://127.0.0.1:7102" uses ftp:, not http: or https:',
    ]);
    expect(await urlErrors('{ protocol: mae, transport: http, url: "localhost:7103" }')).toEqual([
      '4:45 agent a: url "localhost:7103" is missing its scheme (write http://localhost:7103)',
    ]);
  });

  it('checks a judge url and a serve.ready url', async () => {
    const errors = await urlErrors(
      '{ protocol: raip, url: "http://127.0.0.1:7101", serve: { command: "true", ready: { url: "127.0.0.1:7101/info" } } }',
      'judges:\n  j: { protocol: openai, url: "api.example.com", model: m }\n',
    );
    expect(errors).toEqual([
      '4:94 agent a serve.ready: url "127.0.0.1:7101/info" is missing its scheme (write http://127.0.0.1:7101/info)',
      '6:31 judge j: url "api.example.com" is not an absolute URL (expected http://host:port/…)',
    ]);
  });

  it('makes evalc validate exit 65 naming file:line:col (real process)', () => {
    const { dir } = writePlan('{ protocol: raip, url: "not a url" }');
    const r = spawnCli(['validate'], { cwd: dir });
    expect(r.code).toBe(65);
    expect(r.stderr).toContain('evalc.yaml:4:29: error EVALC_URL_INVALID: agent a: url "not a url"');
    expect(r.stderr).not.toMatch(/^\s+at /m);
  });
});
