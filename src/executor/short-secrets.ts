/** Secrets too short to mask: the run says so, by variable name (never by value). */

import type { CompiledPlan } from '../compiler/compile.js';
import type { Plan } from '../plan/schema.js';
import { MIN_SECRET_LENGTH, shortSecretNames } from '../plan/secrets.js';

/**
 * A `${env.X}` in headers or `serve.env` whose value has 1–3 characters is sent but never masked
 * (it would corrupt ordinary words): said once per variable, by name, never by value.
 */
export function warnShortSecrets(
  plan: Plan,
  agentIds: string[],
  compiled: CompiledPlan,
  options: { env: NodeJS.ProcessEnv; progress: { message(text: string): void } },
): void {
  const judgeIds = new Set(
    compiled.groups.flatMap((g) => g.group.metrics.flatMap((m) => (m.judgeId ? [m.judgeId] : []))),
  );
  const where = new Map<string, string[]>();
  const note = (owner: string, values: Record<string, string> | undefined) => {
    for (const name of shortSecretNames(values, options.env))
      where.set(name, [...(where.get(name) ?? []), owner]);
  };
  for (const id of agentIds) {
    note(`agents.${id}.headers`, plan.agents[id]?.headers);
    note(`agents.${id}.serve.env`, plan.agents[id]?.serve?.env);
  }
  for (const id of [...judgeIds].sort()) {
    note(`judges.${id}.headers`, plan.judges[id]?.headers);
    note(`judges.${id}.serve.env`, plan.judges[id]?.serve?.env);
  }
  for (const [name, owners] of where)
    options.progress.message(
      `evalc: warning: \${env.${name}} (${owners.join(', ')}) is shorter than ${MIN_SECRET_LENGTH} characters: it is sent, but not masked in outputs`,
    );
}
