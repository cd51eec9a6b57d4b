/**
 * `evalc validate` on a plan whose dataset is a URL (DESIGN §2: jsonl|json|csv|yaml|https://…):
 * the dataset is fetched like `plan` fetches it, so a first validate of a correct plan passes and
 * its examples are checked against the templates. (Loopback http:// stands for https:// here.)
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphCommand } from '../../src/cli/graph.js';
import { validateCommand } from '../../src/cli/validate.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { writeFiles } from '../compiler/plan-helpers.js';
import { runCommand } from './run-cli.js';

const DATA: Record<string, string> = {
  '/good.jsonl': '{"id":"r1","vars":{"q":"hi"},"expected":{"answer":"hi"}}\n',
  '/typo.jsonl': '{"id":"r1","vars":{"qq":"hi"},"expected":{"answer":"hi"}}\n',
};
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const body = DATA[req.url ?? ''];
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/jsonl' });
    res.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const planFor = (file: string) => `evalc: 1
benchmark: { id: remote, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings:
      default:
        input: { query: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { source: "${base}/${file}" }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
`;

async function validate(file: string) {
  const dir = writeFiles({ 'evalc.yaml': planFor(file) }, 'evalc-qa-remote-');
  const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
  return {
    code: result.code,
    diagnostics: (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics,
  };
}

describe('validate with a remote dataset', () => {
  it('passes a correct plan on its first validate (nothing cached yet)', async () => {
    const { code, diagnostics } = await validate('good.jsonl');
    expect(diagnostics).toEqual([]);
    expect(code).toBe(0);
  });

  it('checks the remote examples against the templates', async () => {
    const { code, diagnostics } = await validate('typo.jsonl');
    expect(code).toBe(65);
    expect(diagnostics.map((d) => d.code)).toContain('EVALC_BIND_UNKNOWN_VAR');
  });

  it('reports a URL that cannot be read at the source line', async () => {
    const { code, diagnostics } = await validate('missing.jsonl');
    expect(code).toBe(65);
    expect(diagnostics[0]).toMatchObject({
      code: 'EVALC_DATASET_FETCH',
      source: { file: 'evalc.yaml', line: 12 },
    });
  });

  it('graphs such a plan before anything is cached', async () => {
    const dir = writeFiles({ 'evalc.yaml': planFor('good.jsonl') }, 'evalc-qa-remote-');
    const result = await runCommand(graphCommand, ['evalc.yaml'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('fetch t/d');
  });
});
