/**
 * Validate-time check of binding `output:` expressions against the reply document each protocol
 * extracts from (src/protocols: raip `{output, usage, raw}`, chat `{messages, model, provider,
 * usage, metadata}`, mae `{final_answer, status, actions, tool_calls, messages, turns,
 * violations, output: {…last reply, answer}, …}`). An expression whose first field the document never has yields null for
 * every example (extraction_failed) — e.g. a chat agent on DESIGN's default binding `output.answer`,
 * or a typo such as `ouput.answer`: a warning naming the document's fields. An mae `output` is its
 * last reply's fields with `answer` (QA248), open-ended like a raip `output`: not checked.
 * openai and http replies are open-ended and not checked, but for an openai reply's `content`, a string:
 * `content.answer` is null for every example, and a JSON-mode answer is read under `json` (QA91).
 * A raip binding reading `raw` without run.trace is warned about too: the document has it only with trace (QA143).
 */
import { compileExpression } from '../binding/extract.js';
import { rootFields } from '../binding/root-fields.js';
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { Plan } from '../plan/schema.js';
import { didYouMean } from '../plan/suggest.js';
import { jsonPathFor, readsIntoContent } from '../protocols/openai/json-content.js';

const DOCUMENT_FIELDS: Record<string, readonly string[]> = {
  raip: ['output', 'usage', 'raw'],
  chat: ['messages', 'model', 'provider', 'usage', 'metadata'],
  mae: [
    'final_answer',
    'status',
    'actions',
    'tool_calls',
    'messages',
    'turns',
    'violations',
    'error',
    'agent_name',
    'output',
  ],
};

/**
 * The reply's fields an expression reads (`output` of `output.courses[].code`, `raw` of
 * `length(raw)`), from its parsed AST; none when it does not compile (an error of its own).
 */
function documentFields(expression: string): string[] {
  const compiled = compileExpression(expression);
  return compiled.ok ? rootFields(compiled.ast) : [];
}

/**
 * What reading a missing field does: the whole expression fails when it starts from it
 * (`raw.x`); elsewhere (`output.a || raw.b`, `length(raw)`) that part is null.
 */
function missingEffect(expression: string, field: string, name: string): string {
  const leading = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:$|[.[|])/.exec(expression)?.[1];
  return leading === field
    ? `\`${name}\` would fail to extract for every example`
    : `\`${name}\` reads it as null for every example`;
}

export function checkOutputFields(
  plan: Plan,
  taskId: string,
  taskAgents: readonly string[],
  locate: (path: PlanPath) => SourcePosition | undefined,
): Diagnostic[] {
  const task = plan.tasks[taskId];
  if (!task) return [];
  const out: Diagnostic[] = [];
  for (const agentId of taskAgents) {
    const protocol = plan.agents[agentId]?.protocol;
    const fields = protocol === undefined ? undefined : DOCUMENT_FIELDS[protocol];
    const bindingName = task.bindings[agentId] ? agentId : 'default';
    const binding = task.bindings[bindingName];
    if (protocol === 'openai' && binding)
      out.push(...contentFieldWarnings(agentId, taskId, bindingName, binding.output, locate));
    if (!fields || !binding) continue;
    for (const [name, expression] of Object.entries(binding.output ?? {})) {
      const read = documentFields(expression);
      const path: PlanPath = ['tasks', taskId, 'bindings', bindingName, 'output', name];
      if (protocol === 'raip' && read.includes('raw') && plan.run?.trace !== true) {
        out.push(rawWithoutTrace(agentId, missingEffect(expression, 'raw', name), path, locate));
        continue;
      }
      const field = read.find((f) => !fields.includes(f));
      if (field === undefined) continue;
      out.push(
        diagnostic(
          'EVALC_BIND_FIELD',
          `agent \`${agentId}\` (${protocol}) replies have no \`${field}\`: ${missingEffect(expression, field, name)}`,
          path,
          {
            source: locate(path),
            severity: 'warning',
            hint:
              didYouMean(field, fields) ??
              `a ${protocol} reply has ${fields.join(', ')}${bindingName === 'default' ? `; give ${agentId} its own binding` : ''}`,
          },
        ),
      );
    }
  }
  return out;
}

/** A raip reply's `raw` is in the document only with run.trace (R12); read without it, never found (QA143). */
function rawWithoutTrace(
  agentId: string,
  effect: string,
  path: PlanPath,
  locate: (path: PlanPath) => SourcePosition | undefined,
): Diagnostic {
  return diagnostic(
    'EVALC_BIND_FIELD',
    `agent \`${agentId}\` (raip): a reply document has \`raw\` only with run.trace: true (RAIP hides the provider payload by default): ${effect}`,
    path,
    {
      source: locate(path),
      severity: 'warning',
      hint: 'set run: { trace: true } to keep raw (it is then stored in the cache and the reports), or bind output or usage',
    },
  );
}

/** An openai binding's outputs that read a field of `content` (a string): each a warning. */
function contentFieldWarnings(
  agentId: string,
  taskId: string,
  bindingName: string,
  output: Record<string, string> | undefined,
  locate: (path: PlanPath) => SourcePosition | undefined,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [name, expression] of Object.entries(output ?? {})) {
    if (!readsIntoContent(expression)) continue;
    const path: PlanPath = ['tasks', taskId, 'bindings', bindingName, 'output', name];
    out.push(
      diagnostic(
        'EVALC_BIND_FIELD',
        `agent \`${agentId}\` (openai): \`content\` is the answer's text, a string with no fields: \`${name}\` would fail to extract for every example`,
        path,
        {
          source: locate(path),
          severity: 'warning',
          hint: `a JSON answer (response_format json_object or json_schema) is parsed into \`json\`: bind \`${jsonPathFor(expression)}\``,
        },
      ),
    );
  }
  return out;
}
