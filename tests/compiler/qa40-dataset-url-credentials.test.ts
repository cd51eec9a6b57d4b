/**
 * QA40: a remote dataset `source:` written with credentials (`https://user:password@host/…`).
 * evalc never sends them and keeps them out of evalc.lock; its messages must not print them
 * either (the failed fetch's message said `fetching https://user:s3cretpw@…`), and validate warns
 * as it does for an agent's or judge's url (EVALC_URL_CREDENTIALS).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { type DatasetServer, startDatasetServer } from '../fixtures/qa21-dataset-server.js';
import { datasetPlanYaml, writeFiles } from './plan-helpers.js';

const body = '{"id":"r1","vars":{"q":"a"}}\n';

async function load(source: string) {
  const dir = writeFiles({ 'evalc.yaml': datasetPlanYaml(JSON.stringify(source)) });
  return loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, cacheDir: path.join(dir, 'cache') });
}

describe('dataset URL with credentials (QA40)', () => {
  let server: DatasetServer;
  beforeAll(async () => {
    server = await startDatasetServer(body);
  });
  afterAll(async () => {
    await server.close();
  });

  const withCredentials = (p: string) => server.url.replace('://', '://reader:s3cretpw@') + p;

  it('names a failed fetch without the password', async () => {
    const r = await load(withCredentials('/missing.jsonl'));
    const fetchError = r.diagnostics.find((d) => d.code === 'EVALC_DATASET_FETCH');
    expect(fetchError?.message).toContain('HTTP 404');
    expect(fetchError?.message).toContain(`${server.url}/missing.jsonl`);
    for (const d of r.diagnostics) expect(JSON.stringify(d)).not.toContain('s3cretpw');
  });

  it('reads the source and warns that the credentials are never sent', async () => {
    const r = await load(withCredentials('/data.jsonl'));
    expect(r.diagnostics.map((d) => `${d.severity} ${d.code}`)).toEqual(['warning EVALC_URL_CREDENTIALS']);
    expect(r.diagnostics[0]?.path).toEqual(['tasks', 't', 'datasets', 'd', 'source']);
    expect(r.resolved?.datasets[0]?.examples.length).toBe(1);
  });

  it('names the source without the password in a diagnostic about its content', async () => {
    server.setBody('{"vars":{"q":"no id"}}\n');
    try {
      const r = await load(withCredentials('/data.jsonl'));
      const invalid = r.diagnostics.find((d) => d.code === 'EVALC_EXAMPLE_INVALID');
      expect(invalid?.source?.file).toBe(`${server.url}/data.jsonl`);
      for (const d of r.diagnostics) expect(JSON.stringify(d)).not.toContain('s3cretpw');
    } finally {
      server.setBody(body);
    }
  });
});
