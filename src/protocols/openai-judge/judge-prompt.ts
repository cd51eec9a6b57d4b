/**
 * The chat messages of an OpenAI-compatible judge call: the rubric's system prompt (the same
 * text the agent-eval wire form carries, hence part of `rubricVersion`) and the content under
 * judgement with the optional task and reference answer.
 */
import type { JudgeRequest } from '../judge-types.js';
import type { WireRubric } from '../rubrics/wire-rubric.js';

export interface PromptMessage {
  role: 'system' | 'user';
  content: string;
}

export function buildJudgeMessages(rubric: WireRubric, request: JudgeRequest): PromptMessage[] {
  const parts: string[] = [];
  if (request.task !== undefined) parts.push(`Task given to the agent:\n${request.task}`);
  if (request.reference !== undefined) parts.push(`Reference answer:\n${request.reference}`);
  parts.push(`Content to judge:\n<<<\n${request.content}\n>>>`);
  parts.push(
    `Answer with JSON only: {"dimensions": {${rubric.dimensions.map((d) => `"${d.id}": <0..1>`).join(', ')}}, "failureModes": [ids], "rationale": "…"}`,
  );
  return [
    { role: 'system', content: rubric.systemPrompt },
    { role: 'user', content: parts.join('\n\n') },
  ];
}

/**
 * The JSON text inside a reply: the whole reply; else a Markdown code fence's content; else,
 * for a model that wraps its verdict in prose ("Here is my evaluation: {…} Hope this helps",
 * common with local models that ignore `response_format`), the span from the first `{` to the
 * last `}`. What that text holds is still checked against the verdict schema.
 */
export function extractJsonText(content: string): string {
  const trimmed = content.trim();
  if (trimmed.startsWith('{') && trimmed.endsWith('}')) return trimmed;
  const fenced = fencedContent(content);
  if (fenced !== undefined) return fenced.trim();
  const start = trimmed.indexOf('{');
  const end = trimmed.lastIndexOf('}');
  return start >= 0 && end > start ? trimmed.slice(start, end + 1) : trimmed;
}

const FENCE_OPENING = /```(?:json|JSON)?[ \t]*\r?\n/g;
const FENCE_CLOSING = /\r?\n[ \t]*```/g;

/**
 * The content of the first Markdown code fence, as `/```(?:json)?[ \t]*\r?\n([\s\S]*?)\r?\n[ \t]*```/`
 * reads it, in linear time: that regex retried its lazy scan to the end of the reply from every
 * unclosed fence opening, 1.5 s on a 100 kB judge reply (QA52). Only the first opening can match:
 * a later one has no closing after it when the first has none.
 */
function fencedContent(content: string): string | undefined {
  FENCE_OPENING.lastIndex = 0;
  if (FENCE_OPENING.exec(content) === null) return undefined;
  const start = FENCE_OPENING.lastIndex;
  FENCE_CLOSING.lastIndex = start;
  const closing = FENCE_CLOSING.exec(content);
  return closing === null ? undefined : content.slice(start, closing.index);
}
