/**
 * QA115: a RAIP agent whose `/info` has no `version`, with a `version:` declared in the plan. The
 * lock records the declared version as the agent's, and `plan` and `apply --frozen` read it back as
 * if /info had given it: `apply --frozen` with the whole cache at hand was refused (`2 agent responses
 * are not cached`) and `plan` noted `agent a1: version 7 → (none)` though nothing had changed.
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeFolder, tempFolder } from '../fixtures/temp-folder.js';
import { spawnCliAsync } from './run-cli.js';

let server: http.Server;
let url: string;
let invokes = 0;
let dir: string;
const env = { CI: 'true' };

const plan = (version: string) => `evalc: 1
benchmark: { id: qa115-raip-version, version: 1.0.0 }
agents:
  a1: { protocol: raip, version: "${version}", url: ${url} }
tasks:
  t:
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { answer: output.answer }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } }, { id: e2, vars: { q: yo }, expected: { answer: no } } ] }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
`;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/info'))
        return res.end(JSON.stringify({ name: 'no-version', inputSchema: { type: 'object' } }));
      invokes++;
      const { input } = JSON.parse(body) as { input: { q: string } };
      res.end(JSON.stringify({ output: { answer: input.q } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = tempFolder('evalc-qa115-raip-version-');
  writeFileSync(path.join(dir, 'evalc.yaml'), plan('7'));
  const first = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env });
  expect(first.code, first.stderr).toBe(0);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  removeFolder(dir);
});

describe('a RAIP agent without a /info version and a declared version: (QA115)', () => {
  it('plan after apply: no changes, and no version note', async () => {
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.code, out.stdout + out.stderr).toBe(0);
    expect(out.stdout + out.stderr).not.toContain('version 7 → (none)');
  });

  it('apply --frozen answers from the cache', async () => {
    const before = invokes;
    const out = await spawnCliAsync(['apply', '--frozen'], { cwd: dir, env });
    expect(out.code, out.stderr).toBe(0);
    expect(invokes).toBe(before);
  });

  it('a new declared version still re-invokes the agent', async () => {
    writeFileSync(path.join(dir, 'evalc.yaml'), plan('8'));
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.code).toBe(2);
    expect(out.stdout).toMatch(/~ invoke +qa115-raip-version\/t\[a1\] +2 examples/);
  });
});
