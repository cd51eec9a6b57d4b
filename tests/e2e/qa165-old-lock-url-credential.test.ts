/**
 * Regression (QA165): a lock written before f9abe2d recorded an agent's url with its query
 * credential (`?code=<value>`), and its content keys held it. At this build the identity has
 * `?code=***`, so the examples run once more, and `evalc plan` and `apply --locked` (checked by hand against a lock an older build wrote) gave the reason
 * as "agent a's url changed (…?code=<the secret> → …?code=***)": the credential evalc masks
 * everywhere else printed in the clear (a rotated one too, which no scrub knows). Now the lock's url
 * is quoted masked, and a change of the credential alone is named as such. Real CLI, loopback agent.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  maskUrlQueryCredentials,
  recordedUrlChange,
  urlQueryCredentialNames,
} from '../../src/plan/url-secrets.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { runCli, tempWorkspace } from './apply-harness.js';

let agent: Loopback;
beforeAll(async () => {
  agent = await startLoopback((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ messages: [{ role: 'assistant', content: 'hello' }] }));
  });
});
afterAll(() => agent.close());

describe('a lock that recorded a url query credential', () => {
  it('is quoted masked in the reason plan gives, and is no endpoint change in evalc diff', async () => {
    const ws = tempWorkspace('qa165-old-lock');
    try {
      const url = `${agent.url}/respond?api-version=1&code=NOWSECRET-qa165`;
      writeFileSync(
        path.join(ws.dir, 'evalc.yaml'),
        `evalc: 1
benchmark: { id: qa165, version: 1.0.0 }
agents:
  a: { protocol: chat, url: "${url}", limits: { retries: 0 } }
tasks:
  t:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{q}}" }] }
        output: { answer: "messages[-1].content" }
    datasets:
      d: { examples: [{ id: e1, vars: { q: hi }, expected: { answer: hello } }] }
    metrics:
      - { type: contains, candidate: answer, expected: answer }
`,
      );
      expect((await runCli(['apply'], { cwd: ws.dir })).code).toBe(0);
      // The lock as an evalc before f9abe2d wrote it: the credential (an older one) in its endpoint
      // and in the identity its digests were taken from.
      const file = path.join(ws.dir, 'evalc.lock');
      const lock = readFileSync(file, 'utf8');
      const digest = (JSON.parse(lock) as { agents: { a: { digest: string } } }).agents.a.digest;
      writeFileSync(
        file,
        lock
          .replace('code=***', 'code=OLDSECRET-qa165')
          .replace(`"agentDigest": "${digest}"`, `"agentDigest": "${'0'.repeat(64)}"`)
          .replace(/"invoke":\["k1:[0-9a-f]{64}"\]/, `"invoke":["k1:${'f'.repeat(64)}"]`),
      );
      // Nor does the cache answer the keys of this build (the old run's keys held the credential).
      rmSync(path.join(ws.dir, '.evalc', 'cache'), { recursive: true, force: true });
      const plan = await runCli(['plan'], { cwd: ws.dir });
      // evalc diff against that lock (and a report with it as baseline) quoted it as a changed endpoint.
      writeFileSync(path.join(ws.dir, 'new.lock'), lock);
      writeFileSync(
        path.join(ws.dir, 'old.lock'),
        lock.replace('code=***', 'code=OLDSECRET-qa165').split(digest).join('0'.repeat(64)),
      );
      for (const format of ['text', 'json', 'md']) {
        const diff = await runCli(['diff', 'old.lock', 'new.lock', '--format', format], { cwd: ws.dir });
        expect(diff.stdout + diff.stderr).not.toContain('SECRET-qa165');
        expect(diff.stdout).not.toContain('endpoint');
      }
      // QA168: apply --baseline read that lock as written: report.md and report.json quoted its
      // credential as a changed endpoint ('a: endpoint changed …?code=OLDSECRET-qa165 → …?code=***').
      writeFileSync(file, lock);
      const applied = await runCli(['apply', '--baseline', 'old.lock'], { cwd: ws.dir });
      expect(applied.code).toBe(0);
      for (const report of ['report.md', 'report.json', 'report.html', 'junit.xml']) {
        const text = readFileSync(path.join(ws.dir, '.evalc', 'reports', report), 'utf8');
        expect(text).not.toContain('SECRET-qa165');
        expect(text).not.toContain('endpoint changed');
      }
      const out = plan.stdout + plan.stderr;
      expect(out).not.toContain('SECRET-qa165');
      expect(out).toContain(
        "agent a's url changed (evalc.lock, written by an earlier evalc, records its query credential code=",
      );
    } finally {
      ws.cleanup();
    }
  });

  it('quotes any other change of the url with the lock credential masked', () => {
    expect(recordedUrlChange('http://h/a?code=OLD1&x=1', 'http://h/b?code=***&x=1')).toBe(
      '(http://h/a?code=***&x=1 → http://h/b?code=***&x=1)',
    );
    expect(recordedUrlChange('http://h/a?x=1', 'http://h/a?x=1')).toBeUndefined();
    // QA168: a lock that records no endpoint (an older lock's judge) made plan stop on a TypeError
    expect(recordedUrlChange(undefined, 'http://h/a?code=***')).toBeUndefined();
  });

  it('is no credential under 4 characters (a country code), which stays plan content', () => {
    // `?code=US` → `?code=FR` re-invoked nothing (keyed out as ***) while the reports showed it as
    // written (too short to mask): it is the agent's input, as a 3-character header is no secret.
    expect(maskUrlQueryCredentials('http://h/a?code=US&key=abc&sig=a%2B')).toBe(
      'http://h/a?code=US&key=abc&sig=a%2B',
    );
    // From 4 characters on it is one, unless it reads as a word (QA168: `?key=abcd` is plan content).
    expect(urlQueryCredentialNames('http://h/a?code=US&key=ab12')).toEqual(['key']);
    expect(maskUrlQueryCredentials('http://h/a?code=US&key=ab12')).toBe('http://h/a?code=US&key=***');
  });
});
