/**
 * The text of a chat-completions message `content`: the string itself, or — from servers and
 * proxies that answer in the request-side "content parts" form (`[{type: "text", text: "…"}]`,
 * e.g. gateways in front of non-OpenAI models) — its text parts joined. Anything else is null.
 */
export function messageText(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return null;
  const texts: string[] = [];
  for (const part of content) {
    if (typeof part === 'object' && part !== null && typeof (part as { text?: unknown }).text === 'string') {
      const { type } = part as { type?: unknown };
      if (type === undefined || type === 'text' || type === 'output_text')
        texts.push((part as { text: string }).text);
    }
  }
  return texts.length > 0 ? texts.join('') : null;
}
