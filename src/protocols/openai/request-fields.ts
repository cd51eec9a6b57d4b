/**
 * The chat-completions request fields an `openai` agent's rendered input `{messages, …}` may carry:
 * sent as given (the plan's `model`, `temperature` and `maxTokens` win). OpenAI's own fields, and
 * the sampling extensions OpenAI-compatible servers take at the top level (vLLM, SGLang, llama.cpp:
 * `top_k`, `min_p`, `repetition_penalty`, `chat_template_kwargs` — e.g. Qwen3's
 * `{enable_thinking: false}`). Any other key is not sent; validate warns about it
 * (`EVALC_OPENAI_INPUT_KEY`, QA41: `stream`, `n` and those extensions were dropped silently).
 */
export const SENT_INPUT_FIELDS: ReadonlySet<string> = new Set([
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'response_format',
  'seed',
  'stop',
  'top_p',
  'frequency_penalty',
  'presence_penalty',
  'logit_bias',
  'logprobs',
  'top_logprobs',
  'user',
  'temperature',
  'max_tokens',
  'max_completion_tokens',
  'reasoning_effort',
  'n',
  'stream',
  'stream_options',
  'store',
  'metadata',
  'modalities',
  'audio',
  'prediction',
  'service_tier',
  'verbosity',
  'web_search_options',
  'functions',
  'function_call',
  'top_k',
  'min_p',
  'repetition_penalty',
  'chat_template_kwargs',
]);

/** Keys of an object input that are neither `messages`, `model` (the plan's wins) nor sent. */
export function unsentInputKeys(input: Record<string, unknown>): string[] {
  return Object.keys(input).filter((k) => k !== 'messages' && k !== 'model' && !SENT_INPUT_FIELDS.has(k));
}
