/**
 * QA21: remote dataset sources as real servers serve them. A cached URL is asked again (a 304
 * when unchanged), so an upstream change reaches the pin on a machine with a warm cache too;
 * offline runs read the cache; a server that cannot be reached leaves the cached copy with a
 * warning; gzip replies are decoded; an HTML login page, a redirect to plain http and a
 * trickling server are errors that name the cause, and nothing of them is cached.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/compiler/content-key.js';
import { fetchDataset } from '../../src/compiler/dataset-fetch.js';
import { type LoadResult, loadPlan } from '../../src/compiler/load-plan.js';
import { startTlsServer } from '../fixtures/qa9-tls-server.js';
import { type DatasetServer, startDatasetServer } from '../fixtures/qa21-dataset-server.js';
import { datasetPlanYaml, writeFiles } from './plan-helpers.js';

const v1 = '{"id":"r1","vars":{"q":"a"}}\n';
const v2 = '{"id":"r1","vars":{"q":"a"}}\n{"id":"r2","vars":{"q":"b"}}\n';

function planDir(source: string): string {
  return writeFiles({ 'evalc.yaml': datasetPlanYaml(JSON.stringify(source)) });
}

async function load(dir: string, offline = false): Promise<LoadResult> {
  return loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, cacheDir: path.join(dir, 'cache'), offline });
}

const pin = (r: LoadResult) => {
  const d = r.resolved?.datasets[0];
  return d ? { sha256: d.sha256, examples: d.examples.length } : undefined;
};
const codes = (r: LoadResult) => r.diagnostics.map((d) => `${d.severity} ${d.code}`);

describe('remote datasets (QA21)', () => {
  let server: DatasetServer;
  beforeAll(async () => {
    server = await startDatasetServer(v1);
  });
  afterAll(async () => {
    await server.close();
  });

  it('asks a cached URL again, sees an upstream change, and gets a 304 when nothing changed', async () => {
    server.setBody(v1);
    const dir = planDir(`${server.url}/data.jsonl`);
    expect(pin(await load(dir))).toEqual({ sha256: sha256Hex(v1), examples: 1 });
    const before = server.notModified;
    expect(pin(await load(dir))).toEqual({ sha256: sha256Hex(v1), examples: 1 });
    expect(server.notModified - before).toBe(1);
    server.setBody(v2);
    const changed = await load(dir);
    expect(codes(changed)).toEqual([]);
    expect(pin(changed)).toEqual({ sha256: sha256Hex(v2), examples: 2 });
    server.setBody(v1);
  });

  it('reads the cached copy offline without a request', async () => {
    server.setBody(v1);
    const dir = planDir(`${server.url}/data.jsonl`);
    await load(dir);
    const before = server.requests['/data.jsonl'] ?? 0;
    expect(pin(await load(dir, true))).toEqual({ sha256: sha256Hex(v1), examples: 1 });
    expect(server.requests['/data.jsonl']).toBe(before);
  });

  it('keeps the cached copy with a warning when the server cannot answer', async () => {
    server.setBody(v1);
    const dir = planDir(`${server.url}/data.jsonl`);
    await load(dir);
    server.setDown(true);
    try {
      const r = await load(dir);
      expect(codes(r)).toEqual(['warning EVALC_DATASET_STALE']);
      expect(r.diagnostics[0]?.message).toContain('HTTP 503');
      expect(pin(r)).toEqual({ sha256: sha256Hex(v1), examples: 1 });
    } finally {
      server.setDown(false);
    }
  });

  it('decodes a gzip-encoded reply and pins the dataset bytes, not the transfer', async () => {
    server.setBody(v2);
    const r = await load(planDir(`${server.url}/gzip.jsonl`));
    expect(codes(r)).toEqual([]);
    expect(pin(r)).toEqual({ sha256: sha256Hex(v2), examples: 2 });
    server.setBody(v1);
  });

  it('refuses an HTML login page and caches nothing of it', async () => {
    const dir = planDir(`${server.url}/login.jsonl`);
    const r = await load(dir);
    expect(r.diagnostics.map((d) => [d.code, d.message, d.hint])).toEqual([
      [
        'EVALC_DATASET_FETCH',
        `fetching ${server.url}/login.jsonl failed: the server answered with an HTML page (text/html), not a dataset`,
        'a login or error page? open the URL with curl; the URL must serve the file itself',
      ],
    ]);
    const sources = path.join(dir, 'cache', 'sources');
    expect(existsSync(sources) ? readdirSync(sources) : []).toEqual([]);
  });

  it('reads data a server labels text/html: the body decides', async () => {
    server.setBody(v1);
    const r = await load(planDir(`${server.url}/mislabelled.jsonl`));
    expect(codes(r)).toEqual([]);
    expect(pin(r)).toEqual({ sha256: sha256Hex(v1), examples: 1 });
  });

  it('does not follow a redirect from loopback to plain http elsewhere', async () => {
    const r = await load(planDir(`${server.url}/downgrade.jsonl`));
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      `fetching ${server.url}/downgrade.jsonl failed: HTTP 302 redirects to http://example.invalid, which is not https`,
    ]);
  });

  it('gives up on a server that trickles bytes at the download deadline', async () => {
    const started = Date.now();
    const r = await fetchDataset(`${server.url}/trickle.jsonl`, { deadlineMs: 500 });
    expect(r).toEqual({ ok: false, message: 'no complete reply within 0.5 s' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('says how to trust a self-signed certificate', async () => {
    const tls = await startTlsServer();
    try {
      const r = await fetchDataset(`${tls.url}/data.jsonl`);
      expect(r.ok).toBe(false);
      expect(r.ok ? '' : r.hint).toBe(
        'to trust a private or self-signed certificate, export NODE_EXTRA_CA_CERTS=/path/to/ca.pem',
      );
    } finally {
      await tls.close();
    }
  });
});
