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
  const fenced = /```(?:json|JSON)?[ \t]*\r?\n([\s\S]*?)\r?\n[ \t]*```/.exec(content);
  if (fenced?.[1] !== undefined) return fenced[1].trim();
  const start = trimmed.indexOf('{');
  const end = trimmed.lastIndexOf('}');
  return start >= 0 && end > start ? trimmed.slice(start, end + 1) : trimmed;
}
