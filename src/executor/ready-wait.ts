/**
 * What apply waits for while a served agent or judge is not ready yet, as its progress says it
 * after a few seconds (progress-waits.ts, QA171): the `ready.url` it polls (without credentials
 * or query), the `ready.line` it reads for, else the process's start, with its `ready.timeout`.
 */
import type { ServeConfig } from '../plan/schema.js';
import { describeTarget } from '../protocols/http/failure-words.js';

export function readyWait(who: string, serve: ServeConfig): string {
  const timeout = `serve.ready.timeout ${serve.ready?.timeout ?? '15s'}`;
  if (serve.ready?.line !== undefined) return `${who} to print a line matching serve.ready.line (${timeout})`;
  if (serve.ready?.url !== undefined)
    return `${who} to answer its serve.ready.url, ${describeTarget('GET', serve.ready.url)} (${timeout})`;
  return `${who} to be ready (${timeout})`;
}
