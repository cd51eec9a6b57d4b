import { loadPlan } from '../compiler/load-plan.js';
import { hasErrors } from '../plan/diagnostic.js';
import { parseCommandArgs, planArgument } from './args.js';
import { commandOptions, commandUsage } from './command-help.js';
import type { CommandContext } from './context.js';
import { EXIT, invalidPlanExit } from './exit-error.js';
import { renderDiagnostics, withPipePlanHint } from './render-diagnostics.js';
import { ignorePlanStateDirIfMade } from './state-dir-ignore.js';

const USAGE = commandUsage('validate');

export async function validateCommand(ctx: CommandContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(ctx.args, commandOptions('validate'), USAGE, 1);
  const file = planArgument(positionals, ctx.cwd);
  // Remote datasets are fetched (and pinned in the cache) as `plan` does: their examples are
  // checked like a local file's, and a URL that cannot be read is reported like a missing file.
  // Pinning one makes .evalc/: it gets apply's .gitignore (QA328: git status listed .evalc/).
  const result = await loadPlan(file, { cwd: ctx.cwd, offline: false }).finally(
    ignorePlanStateDirIfMade(file, ctx.cwd),
  );
  const ok = !hasErrors(result.diagnostics);
  if (values.json) {
    ctx.stdout(
      `${JSON.stringify({ ok, exitCode: ok ? EXIT.ok : invalidPlanExit(result.diagnostics), diagnostics: withPipePlanHint(result.diagnostics, ctx.cwd, positionals[0]) }, null, 2)}\n`,
    );
  } else if (result.diagnostics.length > 0) {
    ctx.stderr(`${renderDiagnostics(result.diagnostics, ctx.cwd, positionals[0])}\n`);
  }
  if (ok && !values.json) {
    const groups = result.compiled?.groups ?? [];
    const examples = result.resolved?.datasets.reduce((n, d) => n + d.examples.length, 0) ?? 0;
    ctx.stdout(
      `${file}: valid (${examples} example${examples === 1 ? '' : 's'}, ${groups.length} agent × task × dataset group${groups.length === 1 ? '' : 's'})\n`,
    );
  }
  return ok ? EXIT.ok : invalidPlanExit(result.diagnostics);
}
