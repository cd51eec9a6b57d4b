/**
 * QA123: a RAIP agent whose /info has no `version` (and no ETag), with a `version:` declared in the
 * plan. After the declared version changed (7 → 8), plan noted `agent a1: version 7 → (none)`, as if
 * the agent had dropped a version it never gave, while its invoke row said `(version 7 → 8)`. The note
 * now reads the version the agent is keyed by: the plan's, where /info gives none.
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempFolder } from '../fixtures/temp-folder.js';
import { spawnCliAsync } from './run-cli.js';

let server: http.Server;
let url: string;
const env = { CI: 'true' };

const plan = (version: string) => `evalc: 1
benchmark: { id: qa123-raip-note, version: 1.0.0 }
agents:
  a1: { protocol: raip, version: "${version}", url: ${url}, limits: { retries: 0 } }
tasks:
  t:
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { answer: output.answer }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
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
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url?.startsWith('/info'))
        return res.end(JSON.stringify({ name: 'no-version', inputSchema: { type: 'object' } }));
      const { input } = JSON.parse(body) as { input: { q: string } };
      res.end(JSON.stringify({ output: { answer: input.q } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('a declared version changed, /info without one (QA123)', () => {
  it("plan's note names the declared versions", async () => {
    const dir = tempFolder('evalc-qa123-raip-note-');
    writeFileSync(path.join(dir, 'evalc.yaml'), plan('7'));
    const first = await spawnCliAsync(['apply', '--quiet'], { cwd: dir, env });
    expect(first.code, first.stderr).toBe(0);
    writeFileSync(path.join(dir, 'evalc.yaml'), plan('8'));
    const out = await spawnCliAsync(['plan'], { cwd: dir, env });
    expect(out.code).toBe(2);
    const text = out.stdout + out.stderr;
    expect(text).toContain('because agent identity changed (version 7 → 8)');
    expect(text).not.toContain('(none)');
    expect(text).toContain('agent a1: version 7 → 8');
  });
});
