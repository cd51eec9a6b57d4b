/**
 * Streamed tool calls of one choice, merged as the OpenAI SDKs merge them — by the delta's
 * `index`, arguments concatenated, the name taken as sent — with one difference (QA144): a delta
 * that announces another call starts a call of its own instead of being appended to the call in
 * its slot. Servers that send every call whole without an `index` (Ollama's OpenAI API before
 * ollama#7881, Gemini's) or with `index: 0` for each (LiteLLM's `ollama_chat`, litellm#33678)
 * otherwise had two parallel calls merged into one, the second's name and the arguments
 * `{"a":1}{"b":2}`. A delta announces another call when it names a function, the call in its
 * slot already has complete JSON arguments, and it carries another id (or, without an `index`,
 * no id at all). A piece without an `index` continues the last call.
 */
import { parseBoundedJson } from '../bounded-json.js';
import { isJsonObject } from '../http/trajectory.js';

export interface StreamedToolCall {
  id?: string;
  type: string;
  name: string;
  arguments: string;
}

export class StreamedToolCalls {
  /** Slot → call, in the order of the merged message. */
  readonly calls = new Map<number, StreamedToolCall>();
  /** The wire `index` → the slot its pieces go to (another slot once a call took its place). */
  readonly #slotOfIndex = new Map<number, number>();
  #last: number | undefined;

  get size(): number {
    return this.calls.size;
  }

  add(rawCalls: unknown[]): void {
    for (const rawCall of rawCalls) {
      if (!isJsonObject(rawCall)) continue;
      const index = typeof rawCall.index === 'number' ? rawCall.index : undefined;
      const fn = isJsonObject(rawCall.function) ? rawCall.function : {};
      const id = typeof rawCall.id === 'string' && rawCall.id !== '' ? rawCall.id : undefined;
      let slot = index !== undefined ? (this.#slotOfIndex.get(index) ?? index) : (this.#last ?? 0);
      const current = this.calls.get(slot);
      if (
        current !== undefined &&
        typeof fn.name === 'string' &&
        fn.name !== '' &&
        completeJson(current.arguments) &&
        (id === undefined ? index === undefined : id !== (current.id || undefined))
      )
        slot = this.#nextSlot();
      let call = this.calls.get(slot);
      if (!call) {
        call = { type: 'function', name: '', arguments: '' };
        this.calls.set(slot, call);
      }
      if (index !== undefined) this.#slotOfIndex.set(index, slot);
      this.#last = slot;
      if (typeof rawCall.id === 'string') call.id = rawCall.id;
      if (typeof rawCall.type === 'string') call.type = rawCall.type;
      if (typeof fn.name === 'string' && fn.name !== '') call.name = fn.name; // sent whole, once (some servers repeat it)
      if (typeof fn.arguments === 'string') call.arguments += fn.arguments;
    }
  }

  /** The calls in slot order, as a message's `tool_calls`. */
  toMessage(): Record<string, unknown>[] {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, call]) => ({
        ...(call.id === undefined ? {} : { id: call.id }),
        type: call.type,
        function: { name: call.name, arguments: call.arguments },
      }));
  }

  /** The slot after every slot taken and every index seen. */
  #nextSlot(): number {
    const taken = [...this.calls.keys(), ...this.#slotOfIndex.keys()];
    return taken.length === 0 ? 0 : Math.max(...taken) + 1;
  }
}

function completeJson(text: string): boolean {
  if (text.trim() === '') return false;
  return parseBoundedJson(text).ok;
}
