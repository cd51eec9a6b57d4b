/**
 * EVALC_COMMAND_CREDENTIALS (plan-checks.ts): a `command:` or `serve.command` that writes a key out
 * (`AGENT_EVAL_LLM_API_KEY=sk-… agent-eval`, `--api-key sk-…`: command-secrets.ts) is in a plan that
 * is committed to git: evalc masks it in what it writes and keeps it out of evalc.lock and content
 * keys, and validate says so and points at sh's own `$NAME`, read from the environment (QA339).
 */
import { commandCredentialNames } from '../plan/command-secrets.js';
import type { Diagnostic, PlanPath } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { LoadedPlan } from '../plan/load.js';
import type { Plan } from '../plan/schema.js';

export function commandCredentialDiagnostics(
  plan: Plan,
  at: (p: PlanPath, key?: string) => ReturnType<LoadedPlan['locate']>,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const commands = (kind: 'agents' | 'judges', owners: Record<string, object>) =>
    Object.entries(owners).flatMap(([id, c]) => {
      const { command, serve } = c as { command?: unknown; serve?: { command?: unknown } };
      return [
        [[kind, id, 'command'], command] as const,
        [[kind, id, 'serve', 'command'], serve?.command] as const,
      ];
    });
  for (const [path, command] of [...commands('agents', plan.agents), ...commands('judges', plan.judges)]) {
    const names = commandCredentialNames(typeof command === 'string' ? command : undefined);
    if (names.length === 0) continue;
    const first = names[0]!;
    const env = first.startsWith('-') ? 'API_KEY' : first;
    const header = /^(-H|--header) (.+):$/.exec(first);
    out.push(
      diagnostic(
        'EVALC_COMMAND_CREDENTIALS',
        `the command writes out a credential (${names.map((n) => `\`${n}\``).join(', ')}): evalc masks it in what it writes and keeps it out of evalc.lock and content keys, but it is written in a committed plan`,
        [...path],
        {
          severity: 'warning',
          source: at([...path]),
          // a header written in the command, `-H "Authorization: Bearer sk-…"` (QA363)
          hint: header
            ? `read it from the environment evalc runs in: \`${header[1]} "${header[2]}: ${/authorization/i.test(header[2]!) ? 'Bearer ' : ''}$${env}"\` (sh expands it inside double quotes when the command runs)`
            : first.startsWith('-')
              ? `read it from the environment evalc runs in: \`${first} "$${env}"\` (sh expands it when the command runs)`
              : `read it from the environment evalc runs in: write \`${first}="$${env}"\`, or leave the assignment out (the command inherits evalc's environment)`,
        },
      ),
    );
  }
  return out;
}
