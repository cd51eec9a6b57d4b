/**
 * Factory for the adapters that speak plain HTTP through `HttpTransport`: raip, chat, openai
 * and http. (mae has its own transports and factory.) The adapter owns the transport: its
 * `close()` closes it.
 */
import type {
  AgentConfig,
  ChatAgentConfig,
  HttpAgentConfig,
  OpenaiAgentConfig,
  RaipAgentConfig,
} from '../plan/schema.js';
import { type ChatAdapter, createChatAdapter } from './chat/adapter.js';
import { createHttpAdapter } from './generic-http/adapter.js';
import type { HttpTransport } from './http/transport.js';
import { createOpenaiAdapter } from './openai/adapter.js';
import { createRaipAdapter, type RaipAdapter } from './raip/adapter.js';
import type { AgentAdapter } from './types.js';

export type HttpAgentProtocolConfig = RaipAgentConfig | ChatAgentConfig | OpenaiAgentConfig | HttpAgentConfig;

export interface HttpAdapterRuntime {
  /** One transport per agent, built from the agent's limits and resolved headers. */
  transport: HttpTransport;
  /** chat only: time budget per conversation in ms (the Connexity platform uses 120 000). */
  chatBudgetMs?: number;
}

export function isHttpAgentProtocol(config: AgentConfig): config is HttpAgentProtocolConfig {
  return (
    config.protocol === 'raip' ||
    config.protocol === 'chat' ||
    config.protocol === 'openai' ||
    config.protocol === 'http'
  );
}

export function createHttpAgentAdapter(config: RaipAgentConfig, runtime: HttpAdapterRuntime): RaipAdapter;
export function createHttpAgentAdapter(config: ChatAgentConfig, runtime: HttpAdapterRuntime): ChatAdapter;
export function createHttpAgentAdapter(
  config: HttpAgentProtocolConfig,
  runtime: HttpAdapterRuntime,
): AgentAdapter;
export function createHttpAgentAdapter(
  config: HttpAgentProtocolConfig,
  runtime: HttpAdapterRuntime,
): AgentAdapter {
  const { transport } = runtime;
  switch (config.protocol) {
    case 'raip':
      return createRaipAdapter(config, { transport });
    case 'chat':
      return createChatAdapter(
        config,
        runtime.chatBudgetMs === undefined ? { transport } : { transport, budgetMs: runtime.chatBudgetMs },
      );
    case 'openai':
      return createOpenaiAdapter(config, { transport });
    case 'http':
      return createHttpAdapter(config, { transport });
  }
}
