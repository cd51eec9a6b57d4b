/**
 * The `http` adapter for agents with no standard protocol: the rendered input is the JSON body
 * (for GET, an input object becomes the query string), headers come from the plan, and the
 * optional `response` JMESPath narrows the reply before extraction. What a reply is as a
 * document (text, NDJSON, 202) is reply-document.ts; plan mistakes refused before sending
 * (a templated url, a non-JSON content-type header) are request-checks.ts; a POST answered
 * `303 See Other` is read at its Location with GET (see-other.ts). With `run.trace`, a reply
 * that `response:` narrowed is kept whole in the trajectory's `raw`.
 */

import type { HttpAgentConfig } from '../../plan/schema.js';
import { normalizeUsage } from '../http/normalize-usage.js';
import { failed, isJsonObject, newTrajectory } from '../http/trajectory.js';
import type { HttpTransport } from '../http/transport.js';
import { localRefusal } from '../local-refusal.js';
import type { AgentAdapter, InvokeContext, InvokeOutcome } from '../types.js';
import { numberPrecisionEvents } from '../unsafe-integer.js';
import { appendQuery } from './query-string.js';
import { replyDocument } from './reply-document.js';
import { checkHttpRequestConfig, declaredJsonContentType } from './request-checks.js';
import { compileResponsePath, type ResponsePath } from './response-path.js';
import { followSeeOther } from './see-other.js';

export interface HttpRuntime {
  transport: HttpTransport;
}

export function createHttpAdapter(config: HttpAgentConfig, runtime: HttpRuntime): AgentAdapter {
  const { transport } = runtime;
  const method = config.method ?? 'POST';
  const path: ResponsePath | undefined =
    config.response === undefined ? undefined : compileResponsePath(config.response);
  const configError = checkHttpRequestConfig(config.url, method, config.headers);
  const contentType = declaredJsonContentType(config.headers);

  async function invoke(input: unknown, ctx: InvokeContext): Promise<InvokeOutcome> {
    if (path !== undefined && !path.ok)
      return failed({ kind: 'extraction_failed', message: path.reason, retryable: false });
    if (configError !== undefined) return failed(configError);
    let url = config.url;
    if (method === 'GET' && input !== undefined && input !== null) {
      if (!isJsonObject(input))
        return failed(localRefusal('a GET input must be an object (it becomes the query string)'));
      url = appendQuery(url, input);
    }
    const hasBody = method !== 'GET' && input !== undefined;
    const sent = await transport.requestJson({
      method,
      url,
      signal: ctx.signal,
      textReply: true,
      ...(hasBody ? { body: input } : {}),
      ...(hasBody && contentType !== undefined ? { headers: { 'content-type': contentType } } : {}),
    });
    const reply = await followSeeOther(transport, sent, method, url, ctx.signal);
    const read = replyDocument(reply, method, url);
    if (!read.ok) return failed(read.error);
    let response: unknown = read.document;
    if (path?.ok) {
      const narrowed = path.apply(read.document);
      if (!narrowed.ok)
        return failed({ kind: 'extraction_failed', message: narrowed.reason, retryable: false });
      response = narrowed.value;
    }
    const trajectory = newTrajectory(response);
    trajectory.turns = 1;
    if (reply.ok) trajectory.events.push(...numberPrecisionEvents(reply.text, 0));
    // `run.trace` keeps the whole reply when `response:` narrowed it (the drill-down shows both)
    if (ctx.trace && path?.ok) trajectory.raw = read.document;
    if (reply.ok && isJsonObject(reply.body)) trajectory.usage = normalizeUsage(reply.body.usage);
    return { ok: true, trajectory };
  }

  return {
    protocol: 'http',
    invoke,
    async close() {
      await transport.close();
    },
  };
}
