/**
 * Every secret of a plan, known before its first process starts: each agent's and judge's header
 * values (with each `${env.X}` in them on its own) and `serve.env` values from `${env.…}`.
 * A served agent inherits evalc's environment, so it can print another agent's token; its log is
 * scrubbed as it is written, and a secret learnt only when that other agent started came too late
 * (QA60: the first served agent's log kept the second's token).
 */
import type { Plan } from '../plan/schema.js';
import { headerSecrets, referencedSecrets, substituteEnvRefs } from '../plan/secrets.js';

export function planSecrets(plan: Plan, env: NodeJS.ProcessEnv): string[] {
  const out = new Set<string>();
  for (const owner of [...Object.values(plan.agents), ...Object.values(plan.judges)]) {
    const headers = owner.headers ?? {};
    // An unset variable resolves to '' here: that header is never sent, masking it costs nothing.
    const resolved = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name, substituteEnvRefs(value, env)]),
    );
    for (const s of headerSecrets(headers, resolved, env)) out.add(s);
    for (const s of referencedSecrets(owner.serve?.env, env)) out.add(s);
  }
  return [...out];
}
