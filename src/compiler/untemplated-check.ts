/**
 * Text that looks like a template where nothing is rendered: a task's `instructions` and the keys
 * of a binding's `input` are sent as written, so `instructions: "Answer about {{user_query}}"`
 * reached the agent with the braces in it, silently (QA57), and so is an openai agent's `system`
 * (QA315). validate warns at the text.
 */
import type { Diagnostic, PlanPath } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { LoadedPlan } from '../plan/load.js';
import type { Plan } from '../plan/schema.js';

type Locate = (p: PlanPath, key?: string) => ReturnType<LoadedPlan['locate']>;

const PLACEHOLDER = /\{\{.*\}\}/s;

export function checkUntemplatedText(plan: Plan, diagnostics: Diagnostic[], at: Locate): void {
  // An openai agent's `system` prompt is prepended as written, too (QA315: `system: "… {{user_query}}"`
  // reached the model with the braces in it, silently).
  for (const [agentId, agent] of Object.entries(plan.agents ?? {})) {
    const system = agent.protocol === 'openai' ? agent.system : undefined;
    if (typeof system !== 'string' || !PLACEHOLDER.test(system)) continue;
    const path: PlanPath = ['agents', agentId, 'system'];
    diagnostics.push(
      diagnostic(
        'EVALC_UNTEMPLATED_TEXT',
        `agent ${agentId}: system is not a template: ${placeholderIn(system)} is sent with every example as written`,
        path,
        {
          source: at(path),
          severity: 'warning',
          hint: 'put per-example text in the binding\'s input, a system message: input: { messages: [{ role: system, content: "… {{…}}" }, …] }',
        },
      ),
    );
  }
  for (const [taskId, task] of Object.entries(plan.tasks)) {
    if (typeof task.instructions === 'string' && PLACEHOLDER.test(task.instructions)) {
      const path: PlanPath = ['tasks', taskId, 'instructions'];
      diagnostics.push(
        diagnostic(
          'EVALC_UNTEMPLATED_TEXT',
          `task ${taskId}: instructions are not a template: ${placeholderIn(task.instructions)} is sent to every agent as written`,
          path,
          {
            source: at(path),
            severity: 'warning',
            hint: "put per-example text in the binding's input (bindings.default.input), whose string values are templates",
          },
        ),
      );
    }
    for (const [bindingName, binding] of Object.entries(task.bindings ?? {}))
      templatedKeys(binding?.input, ['tasks', taskId, 'bindings', bindingName, 'input'], (path, key) => {
        diagnostics.push(
          diagnostic(
            'EVALC_UNTEMPLATED_TEXT',
            `key ${JSON.stringify(key)} is not a template: only string values are rendered, so the agent gets that key as written`,
            path,
            { source: at(path, key), severity: 'warning' },
          ),
        );
      });
  }
}

function templatedKeys(value: unknown, at: PlanPath, found: (path: PlanPath, key: string) => void): void {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) templatedKeys(item, [...at, i], found);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    if (PLACEHOLDER.test(key)) found(at, key);
    templatedKeys(child, [...at, key], found);
  }
}

function placeholderIn(text: string): string {
  return /\{\{.*?\}\}/s.exec(text)?.[0] ?? '{{…}}';
}
