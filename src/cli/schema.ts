import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { planJsonSchema } from '../compiler/plan-json-schema.js';
import { parseCommandArgs } from './args.js';
import { commandOptions, commandUsage } from './command-help.js';
import type { CommandContext } from './context.js';
import { EXIT, ExitError } from './exit-error.js';
import { makeFolder } from './make-folder.js';

const USAGE = commandUsage('schema');

export async function schemaCommand(ctx: CommandContext): Promise<number> {
  const { values } = parseCommandArgs(ctx.args, commandOptions('schema'), USAGE, 0);
  const text = `${JSON.stringify(planJsonSchema(), null, 2)}\n`;
  // --stdout writes no file: an --out beside it would be ignored without a word (QA51).
  if (values.stdout && values.out !== undefined)
    throw new ExitError(
      EXIT.usage,
      `--stdout writes no file, so --out has nothing to do: give one of them\nusage: ${USAGE}`,
    );
  if (values.stdout) {
    ctx.stdout(text);
    return EXIT.ok;
  }
  const dir = path.resolve(ctx.cwd, typeof values.out === 'string' ? values.out : 'schemas');
  makeFolder(dir);
  writeFileSync(path.join(dir, 'evalc.schema.json'), text);
  ctx.stdout(`wrote ${path.relative(ctx.cwd, path.join(dir, 'evalc.schema.json'))}\n`);
  // The lockfile's and report.json's schemas ship with evalc (written by hand, tested against
  // real output): copied beside the plan schema for tools that read evalc.lock or report.json.
  const shipped = shippedSchemasDir();
  // A binary copied without the package's schemas/ folder wrote the plan schema alone, silently (QA26).
  const missing = SHIPPED_SCHEMAS.filter((name) => !shipped || !existsSync(path.join(shipped, name)));
  if (missing.length > 0)
    ctx.stderr(
      `evalc: warning: ${missing.join(' and ')} not copied: no schemas/ folder beside this evalc (${fileURLToPath(import.meta.url)}); install the whole package\n`,
    );
  for (const name of SHIPPED_SCHEMAS) {
    const from = shipped ? path.join(shipped, name) : undefined;
    if (!from || !existsSync(from)) continue;
    const to = path.join(dir, name);
    if (path.resolve(from) !== path.resolve(to)) writeFileSync(to, readFileSync(from));
    ctx.stdout(`wrote ${path.relative(ctx.cwd, to)}\n`);
  }
  return EXIT.ok;
}

const SHIPPED_SCHEMAS = ['lock.schema.json', 'report.schema.json'];

/** The package's `schemas/` folder: beside `dist/` (the bundle is dist/evalc.mjs, modules dist/cli/*.js). */
function shippedSchemasDir(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = path.join(dir, 'schemas');
    if (existsSync(path.join(candidate, 'lock.schema.json'))) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}
