/**
 * Reasoning models' thoughts inside `message.content`: DeepSeek-R1 and its distills, Qwen3 and
 * QwQ served without a reasoning parser (llama.cpp without `--reasoning-format`, vLLM without
 * `--reasoning-parser`, Ollama's OpenAI endpoint for older versions) answer
 * `<think>…</think>` and then the answer. When the chat template itself opens the block (the
 * DeepSeek-R1 template ends the prompt with `<think>\n`), the content starts inside it and only
 * `</think>` appears. evalc reads the answer after the block, and keeps the thoughts apart:
 * - content starting (after whitespace) with `<think>` or `<thinking>`: the block up to its
 *   closing tag is reasoning, the rest (leading whitespace dropped) is the answer; without a
 *   closing tag (cut at the token limit) it is all reasoning and there is no answer (null);
 * - content with a `</think>` ending its line and no opening tag before it: what precedes it is
 *   reasoning (a `</think>` quoted mid-sentence, "close it with </think>.", is left alone).
 * Content without these tags is the answer as sent. A tag later in the text (an answer that
 * talks about `<think>`) is not touched.
 */
export interface SplitContent {
  /** The answer; null when the content is only reasoning (or was null). */
  answer: string | null;
  /** The thoughts, when the content carried some. */
  reasoning?: string;
}

const OPENING = /^\s*<(think|thinking)>/;
/** A `</think>` ending its line (R1 writes `…\n</think>\n\n`), not one quoted mid-sentence. */
const LONE_CLOSING = /<\/think>[ \t]*(?:\r?\n|$)/;

export function splitReasoning(content: string | null): SplitContent {
  if (content === null) return { answer: null };
  const opened = OPENING.exec(content);
  if (opened) {
    const tag = opened[1] as string;
    const start = opened[0].length;
    const close = content.indexOf(`</${tag}>`, start);
    if (close < 0) return { answer: null, reasoning: content.slice(start).trim() };
    return {
      answer: content.slice(close + tag.length + 3).replace(/^\s+/, ''),
      reasoning: content.slice(start, close).trim(),
    };
  }
  const closing = LONE_CLOSING.exec(content);
  if (closing && !content.slice(0, closing.index).includes('<think>'))
    return {
      answer: content.slice(closing.index + closing[0].length).replace(/^\s+/, ''),
      reasoning: content.slice(0, closing.index).trim(),
    };
  return { answer: content };
}
