import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { planJsonSchema } from '../compiler/plan-json-schema.js';
import { parseCommandArgs } from './args.js';
import type { CommandContext } from './context.js';
import { EXIT } from './exit-error.js';

const USAGE = 'evalc schema [--out DIR] [--stdout]';

export async function schemaCommand(ctx: CommandContext): Promise<number> {
  const { values } = parseCommandArgs(
    ctx.args,
    { out: { type: 'string' }, stdout: { type: 'boolean' } },
    USAGE,
  );
  const text = `${JSON.stringify(planJsonSchema(), null, 2)}\n`;
  if (values.stdout) {
    ctx.stdout(text);
    return EXIT.ok;
  }
  const dir = path.resolve(ctx.cwd, typeof values.out === 'string' ? values.out : 'schemas');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'evalc.schema.json'), text);
  ctx.stdout(`wrote ${path.relative(ctx.cwd, path.join(dir, 'evalc.schema.json'))}\n`);
  return EXIT.ok;
}
