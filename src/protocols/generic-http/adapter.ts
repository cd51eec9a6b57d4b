/**
 * The `http` adapter for agents with no standard protocol: the rendered input is the JSON body
 * (for GET, an input object becomes the query string), headers come from the plan, and the
 * optional `response` JMESPath narrows the reply before extraction.
 */
import type { HttpAgentConfig } from '../../plan/schema.js';
import { normalizeUsage } from '../http/normalize-usage.js';
import { errorWithServerSaid } from '../http/server-said.js';
import { failed, isJsonObject, newTrajectory } from '../http/trajectory.js';
import type { HttpTransport } from '../http/transport.js';
import type { AgentAdapter, InvokeContext, InvokeOutcome } from '../types.js';
import { appendQuery } from './query-string.js';
import { compileResponsePath, type ResponsePath } from './response-path.js';

export interface HttpRuntime {
  transport: HttpTransport;
}

export function createHttpAdapter(config: HttpAgentConfig, runtime: HttpRuntime): AgentAdapter {
  const { transport } = runtime;
  const method = config.method ?? 'POST';
  const path: ResponsePath | undefined =
    config.response === undefined ? undefined : compileResponsePath(config.response);

  async function invoke(input: unknown, ctx: InvokeContext): Promise<InvokeOutcome> {
    if (path !== undefined && !path.ok)
      return failed({ kind: 'extraction_failed', message: path.reason, retryable: false });
    let url = config.url;
    if (method === 'GET' && input !== undefined && input !== null) {
      if (!isJsonObject(input))
        return failed({
          kind: 'contract_error',
          message: 'a GET input must be an object (it becomes the query string)',
          retryable: false,
        });
      url = appendQuery(url, input);
    }
    const reply = await transport.requestJson({
      method,
      url,
      signal: ctx.signal,
      ...(method !== 'GET' && input !== undefined ? { body: input } : {}),
    });
    if (!reply.ok) return failed(errorWithServerSaid(reply));
    let response: unknown = reply.body;
    if (path?.ok) {
      const narrowed = path.apply(reply.body);
      if (!narrowed.ok)
        return failed({ kind: 'extraction_failed', message: narrowed.reason, retryable: false });
      response = narrowed.value;
    }
    const trajectory = newTrajectory(response);
    trajectory.turns = 1;
    if (isJsonObject(reply.body)) trajectory.usage = normalizeUsage(reply.body.usage);
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
