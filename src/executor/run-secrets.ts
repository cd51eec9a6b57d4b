/**
 * Every secret of a plan, known before its first process starts: each agent's and judge's header
 * values (with each `${env.X}` in them on its own), `serve.env` values from `${env.…}`, and the
 * credentials in the query of its `url` or `serve.ready.url` (`?code=`, url-secrets.ts) and those
 * written out in its `command` or `serve.command` (command-secrets.ts).
 * A served agent inherits evalc's environment, so it can print another agent's token; its log is
 * scrubbed as it is written, and a secret learnt only when that other agent started came too late
 * (QA60: the first served agent's log kept the second's token).
 */

import { commandSecrets } from '../plan/command-secrets.js';
import type { Plan } from '../plan/schema.js';
import { headerSecrets, referencedSecrets, substituteEnvRefs } from '../plan/secrets.js';
import { urlQuerySecrets } from '../plan/url-secrets.js';

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
    // A credential in the query of its url or readiness url (`?code=`): QA160.
    const url = (owner as { url?: unknown }).url;
    for (const s of urlQuerySecrets(typeof url === 'string' ? url : undefined)) out.add(s);
    for (const s of urlQuerySecrets(owner.serve?.ready?.url)) out.add(s);
    // A key written out in its command or serve.command (`AGENT_EVAL_LLM_API_KEY=sk-…`): QA339.
    const command = (owner as { command?: unknown }).command;
    for (const s of commandSecrets(typeof command === 'string' ? command : undefined)) out.add(s);
    for (const s of commandSecrets(owner.serve?.command)) out.add(s);
  }
  // A remote dataset's `?sig=` (a presigned URL), should a server quote it back.
  for (const task of Object.values(plan.tasks))
    for (const ds of Object.values(task.datasets)) for (const s of urlQuerySecrets(ds.source)) out.add(s);
  return [...out];
}
