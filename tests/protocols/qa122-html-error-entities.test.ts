/**
 * Regression (QA122): an HTML error page is quoted as it reads. Express's default error handler
 * (finalhandler, escape-html) writes the error as `&#39;query&#39;` and indents the stack with
 * `&nbsp;`; tags were stripped but the entities were quoted as written, and report.md showed
 * `(reading &#39;query&#39;) &nbsp; &nbsp;at …`. Real loopback agent, RAIP and chat adapters.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createChatAdapter } from '../../src/protocols/chat/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

const EXPRESS_500 =
  '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n' +
  '<pre>TypeError: Cannot read properties of undefined (reading &#39;query&#39;) &amp; &quot;x&quot; &#x263A; &amp;lt;<br>' +
  ' &nbsp; &nbsp;at /srv/agent/index.js:12:30</pre>\n</body>\n</html>\n';
const READS = `HTTP 500: Error TypeError: Cannot read properties of undefined (reading 'query') & "x" \u263A &lt; at /srv/agent/index.js:12:30`;

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((item) => item.close()));
});

async function expressAgent(): Promise<Loopback> {
  const agent = await startLoopback((_req, res) => {
    res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' });
    res.end(EXPRESS_500);
  });
  opened.push(agent);
  return agent;
}

describe('HTML error pages quoted as they read (QA122)', () => {
  it("RAIP: Express's 500 page has its entities decoded", async () => {
    const agent = await expressAgent();
    const adapter = createRaipAdapter(
      { protocol: 'raip', url: agent.url },
      { transport: new HttpTransport({ timeoutMs: 3_000, retries: 0 }) },
    );
    opened.push(adapter);
    const outcome = await adapter.invoke({ q: 'x' }, testContext(new AbortController().signal));
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.kind).toBe('http_500');
    expect(outcome.error.message).toContain(READS);
  });

  it("chat: Express's 500 page has its entities decoded", async () => {
    const agent = await expressAgent();
    const adapter = createChatAdapter(
      { protocol: 'chat', url: `${agent.url}/agent/respond` },
      { transport: new HttpTransport({ timeoutMs: 3_000, retries: 0 }) },
    );
    opened.push(adapter);
    const outcome = await adapter.invoke('hi', testContext(new AbortController().signal));
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.message).toContain(READS);
  });
});
