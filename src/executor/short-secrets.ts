/** Secrets too short to mask, or empty: the run says so, by variable name (never by value). */

import type { CompiledPlan } from '../compiler/compile.js';
import type { Plan } from '../plan/schema.js';
import { emptySecretNames, MIN_SECRET_LENGTH, shortSecretNames } from '../plan/secrets.js';

/**
 * A `${env.X}` in headers or `serve.env` whose value has 1–3 characters is sent but never masked
 * (it would corrupt ordinary words): said once per variable, by name, never by value. So is one
 * that is set but empty (QA60: GitHub Actions sets a secret a fork cannot read to '', and an empty
 * token was sent with no word; an unset one stops the run, naming it).
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
  const empty = new Map<string, string[]>();
  const note = (owner: string, values: Record<string, string> | undefined) => {
    for (const name of shortSecretNames(values, options.env))
      where.set(name, [...(where.get(name) ?? []), owner]);
    for (const name of emptySecretNames(values, options.env))
      empty.set(name, [...(empty.get(name) ?? []), owner]);
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
  for (const [name, owners] of empty)
    options.progress.message(
      `evalc: warning: \${env.${name}} (${owners.join(', ')}) is set but empty: it is sent empty (a CI secret a fork's pull request cannot read is empty, not unset)`,
    );
}
