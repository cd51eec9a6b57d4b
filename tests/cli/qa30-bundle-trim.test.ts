/**
 * QA30: the bundled binary (dist/evalc.mjs, scripts/bundle.mjs) carries undici as `Pool`, `Agent`
 * and `request` only, and zod with its `en` messages only, to start faster. These run the built
 * binary through both: a remote dataset fetched with undici's `request` over an `Agent` (the
 * apply tests cover `Pool`), and zod's English messages for a plan that does not fit the schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFiles } from '../compiler/plan-helpers.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { spawnCliAsync } from './run-cli.js';

const requests: string[] = [];
let server: Loopback;
let base = '';

beforeAll(async () => {
  server = await startLoopback((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    if (req.url !== '/d.jsonl') {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/jsonl' });
    res.end('{"id":"r1","vars":{"q":"hi"},"expected":{"answer":"hi"}}\n{"id":"r2","vars":{"q":"yo"}}\n');
  });
  base = server.url;
});
afterAll(() => server.close());

const plan = (datasets: string) => `evalc: 1
benchmark: { id: remote, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:9 }
tasks:
  t:
    bindings:
      default:
        input: { query: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
${datasets}
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
`;

describe('the bundled binary (trimmed undici and zod)', () => {
  it('fetches a remote dataset over HTTP and reports on it', async () => {
    const dir = writeFiles(
      { 'evalc.yaml': plan(`      d: { source: "${base}/d.jsonl" }`) },
      'evalc-qa30-bundle-',
    );
    const result = await spawnCliAsync(['graph', 'evalc.yaml', '--examples'], { cwd: dir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(requests).toContain('GET /d.jsonl');
    // both examples were read from the fetched bytes
    expect(result.stdout).toContain('r1');
    expect(result.stdout).toContain('r2');
  });

  it('says why a missing remote dataset cannot be read, with the HTTP status', async () => {
    const dir = writeFiles(
      { 'evalc.yaml': plan(`      d: { source: "${base}/gone.jsonl" }`) },
      'evalc-qa30-bundle-',
    );
    const result = await spawnCliAsync(['validate', 'evalc.yaml'], { cwd: dir });
    expect(result.code).not.toBe(0);
    expect(requests).toContain('GET /gone.jsonl');
    expect(result.stderr).toContain('404');
  });

  it("words schema errors with zod's English messages", async () => {
    const dir = writeFiles(
      {
        'evalc.yaml': plan('      d: { examples: [{ id: e1, vars: { q: a } }] }').replace(
          'url: http://127.0.0.1:9 }',
          'url: http://127.0.0.1:9, limits: { concurrency: 0, retries: 50 } }',
        ),
      },
      'evalc-qa30-bundle-',
    );
    const result = await spawnCliAsync(['validate', 'evalc.yaml'], { cwd: dir });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('agents.a1.limits.concurrency: Too small: expected number to be >0');
    expect(result.stderr).toContain('agents.a1.limits.retries: Too big: expected number to be <=20');
  });
});
