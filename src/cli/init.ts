import { existsSync, lstatSync, readFileSync, readlinkSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { planJsonSchema } from '../compiler/plan-json-schema.js';
import { parseCommandArgs } from './args.js';
import { commandOptions, commandUsage } from './command-help.js';
import type { CommandContext } from './context.js';
import { EXIT, ExitError } from './exit-error.js';
import { makeFolder } from './make-folder.js';
import { isPipeLike } from './regular-file.js';
import { shellLine, shellWord } from './shell-word.js';

const USAGE = commandUsage('init');

const PLAN = `# yaml-language-server: $schema=./schemas/evalc.schema.json
evalc: 1
benchmark: { id: my-benchmark, version: 0.1.0, description: "What this benchmark measures" }

agents:
  my-agent:
    protocol: raip                 # raip | chat | mae | openai | http
    url: http://127.0.0.1:7101     # GET {url}/info, POST {url}/invoke
    # headers: { authorization: "Bearer \${env.MY_AGENT_TOKEN}" }
    serve:                         # evalc starts this stand-in agent; drop serve: to evaluate yours at url
      command: node agents/echo-agent.mjs
      env: { PORT: "7101" }
      ready: { url: http://127.0.0.1:7101/info, timeout: 15s }

tasks:
  answer:
    instructions: "Answer the user's question."
    bindings:
      default:
        input: { query: "{{question}}" }
        output: { answer: "output.answer" }
    datasets:
      smoke: { source: datasets/smoke.jsonl }
    metrics:
      - { type: contains, candidate: answer, expected: answer, threshold: 1 }

metrics:
  - { type: pass_rate }

run: { repeats: 1, seed: 7 }
gates:
  - { metric: pass_rate, scope: benchmark, min: 0.5 }
`;

const DATASET = `{"id":"q1","vars":{"question":"What is 2 + 2?"},"expected":{"answer":"4"}}
{"id":"q2","vars":{"question":"What is the capital of France?"},"expected":{"answer":"Paris"}}
`;

/** A stand-in RAIP agent (node:http, no dependency) so that `evalc apply` runs out of the box. */
const AGENT = `// A stand-in RAIP agent for the scaffold: GET /info (name, version, inputSchema) and
// POST /invoke {input, context} -> {output, usage}. Replace it with your own agent: point
// agents.my-agent.url at it and drop serve: from evalc.yaml.
import http from 'node:http';

const port = Number(process.env.PORT ?? 7101);
const inputSchema = { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] };
const answers = {
  'What is 2 + 2?': 'The answer is 4.',
  'What is the capital of France?': 'Paris is the capital of France.',
};

function reply(res, status, value) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

http
  .createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const route = \`\${req.method} \${new URL(req.url ?? '/', 'http://agent').pathname}\`;
      if (route === 'GET /info') return reply(res, 200, { name: 'echo-agent', version: '0.1.0', inputSchema });
      if (route !== 'POST /invoke') return reply(res, 404, { error: 'not found' });
      let input;
      try {
        input = JSON.parse(body).input;
      } catch {
        return reply(res, 400, { error: 'the body is not JSON' });
      }
      if (typeof input?.query !== 'string')
        return reply(res, 400, {
          error: 'input does not match inputSchema',
          ajvErrors: [{ instancePath: '/query', schemaPath: '#/required', keyword: 'required', params: {}, message: 'must be a string' }],
        });
      const answer = answers[input.query] ?? \`I do not know the answer to: \${input.query}\`;
      return reply(res, 200, { output: { answer }, usage: { prompt_tokens: 0, completion_tokens: 0 } });
    });
  })
  .listen(port, '127.0.0.1');
`;

export async function initCommand(ctx: CommandContext): Promise<number> {
  const { positionals } = parseCommandArgs(ctx.args, commandOptions('init'), USAGE, 1);
  const dir = path.resolve(ctx.cwd, positionals[0] ?? '.');
  const planFile = path.join(dir, 'evalc.yaml');
  // What to do instead is said (QA219: it read `evalc.yaml already exists` alone). A folder of that
  // name is no plan `evalc plan` could show, and a link to a missing file was written through,
  // 'created evalc.yaml' (QA227): both are said as what they are.
  const entry = lstatSync(planFile, { throwIfNoEntry: false });
  const shownPlan = path.relative(ctx.cwd, planFile) || 'evalc.yaml';
  if (entry?.isDirectory())
    throw new ExitError(
      EXIT.usage,
      `${shownPlan} is a folder, not a plan: give init a folder without evalc.yaml`,
    );
  // A link to a folder is no plan either (QA231: it read 'already exists: `evalc plan l`', refused),
  // and a loop of links reaches no file (QA231: it read 'which does not exist' of a link that does).
  const reached = entry?.isSymbolicLink() ? linkReaches(planFile) : undefined;
  if (reached === 'folder')
    throw new ExitError(
      EXIT.usage,
      `${shownPlan} is a link to ${readlinkSync(planFile)}, a folder, not a plan: give init a folder without evalc.yaml`,
    );
  if (reached === 'nothing' || reached === 'loop')
    throw new ExitError(
      EXIT.usage,
      `${shownPlan} is a link to ${readlinkSync(planFile)}, ${reached === 'loop' ? 'a loop of links that reaches no file' : 'which does not exist'}: init writes no plan through a link; remove it, or give init a folder without evalc.yaml`,
    );
  if (existsSync(planFile)) {
    const plan = shellLine(['evalc', 'plan', ...folderArgument(ctx.cwd, dir)]);
    throw new ExitError(
      EXIT.usage,
      `${path.relative(ctx.cwd, planFile) || 'evalc.yaml'} already exists: \`${plan}\` shows what it would run, or give init a folder without one`,
    );
  }
  // Only the plan is required to be new; files a folder already has are kept as they are.
  // A lock write killed mid-way leaves `evalc.lock.tmp-<pid>` beside the plan until the next apply (QA81).
  // The plan's schema copy: its first line points editors at it (completion, hover docs, inline
  // errors); `evalc schema` rewrites it after an upgrade.
  const gitignore = path.join(dir, '.gitignore');
  const files: [string, string][] = [
    [planFile, PLAN],
    [path.join(dir, 'datasets', 'smoke.jsonl'), DATASET],
    [path.join(dir, 'agents', 'echo-agent.mjs'), AGENT],
    [path.join(dir, 'schemas', 'evalc.schema.json'), `${JSON.stringify(planJsonSchema(), null, 2)}\n`],
    [gitignore, '.evalc/\nevalc.lock.tmp-*\n'],
  ];
  const shown = (file: string) => path.relative(ctx.cwd, file) || path.basename(file);
  // A scaffold file that is a broken link (.gitignore → a missing file elsewhere) was written through,
  // or met with a stack trace (ENOENT) after the other files were made (QA234): said first, as the plan's.
  for (const [file] of files.slice(1)) {
    const gone = isLink(file) ? linkReaches(file) : undefined;
    if (gone === 'nothing' || gone === 'loop')
      throw new ExitError(
        EXIT.usage,
        `${shown(file)} is a link to ${readlinkSync(file)}, ${gone === 'loop' ? 'a loop of links that reaches no file' : 'which does not exist'}: init writes nothing through a link; remove it, or give init a folder without it`,
      );
    // A folder where the plan reads a file (datasets/smoke.jsonl, agents/echo-agent.mjs) was 'kept
    // (already there)' beside 'next: evalc validate', which refuses it (QA234); a .gitignore folder is kept.
    const folder = gone === 'folder' || (gone === undefined && isFolder(file));
    if (folder && file !== gitignore)
      throw new ExitError(
        EXIT.usage,
        `${shown(file)} is ${gone === 'folder' ? `a link to ${readlinkSync(file)}, ` : ''}a folder, not the file the plan names: remove it, or give init a folder without it`,
      );
    // A pipe or a device there (or a link to one) was 'kept (already there)' too: validate refused the
    // dataset ('not a regular file'), and apply waited 15 s on an agent reading a FIFO (QA245).
    if (file !== gitignore && isPipeLike(file))
      throw new ExitError(
        EXIT.usage,
        `${shown(file)} is ${gone === 'file' ? `a link to ${readlinkSync(file)}, ` : ''}a pipe or a device, not the file the plan names: remove it, or give init a folder without it`,
      );
  }
  makeFolder(path.join(dir, 'datasets'));
  const kept = files.filter(([file]) => file !== planFile && existsSync(file)).map(([file]) => file);
  // The plan is written last: a file that cannot be written (a read-only datasets/, a file named
  // agents) left evalc.yaml naming files that were never made, and a second `evalc init` after the
  // fix refused it as "already exists" (QA126).
  for (const [file, text] of [...files.slice(1), files[0]!]) {
    if (kept.includes(file)) continue;
    makeFolder(path.dirname(file));
    writeFileSync(file, text);
  }
  const created = files.filter(([file]) => !kept.includes(file)).map(([file]) => shown(file));
  // Each line runs as printed: `it's`, `a$b` and `-dash` were written as given (QA234), a quote left
  // open, a variable expanded, a flag; JSON's quotes held only a space.
  const next = folderArgument(ctx.cwd, dir)
    .map((word) => ` ${shellWord(word)}`)
    .join('');
  ctx.stdout(
    `created ${created.join(', ')}\n${kept.length > 0 ? `kept ${kept.map(shown).join(', ')} (already there)\n` : ''}` +
      `next: evalc validate${next}, evalc plan${next}, evalc apply${next}\n`,
  );
  // A project's own .gitignore is kept as it is (QA7), but without `.evalc/` the cache, logs and
  // reports would be committed (DESIGN §5: `.evalc/` is ignored by git): say so (QA26).
  if (!ignoresEvalcFolder(readText(gitignore)))
    ctx.stderr(
      `evalc: note: ${path.relative(ctx.cwd, gitignore) || '.gitignore'} does not ignore .evalc/ (the step cache, logs and reports): add the line .evalc/\n`,
    );
  return EXIT.ok;
}

/** A file's text; one that cannot be read (a folder named .gitignore) says nothing to check. */
function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '.evalc/';
  }
}

/**
 * Whether a `.gitignore` keeps every `.evalc/` folder (or the one beside it), or all it holds
 * (`.evalc/*`, `.evalc/**`; QA51: those got the note), out of git; a later `!` line re-includes it.
 */
function ignoresEvalcFolder(text: string): boolean {
  const pattern = /^(\*\*\/|\/)?\.evalc(\/(\*\*?)?)?$/;
  let ignored = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (pattern.test(line)) ignored = true;
    else if (line.startsWith('!') && pattern.test(line.slice(1))) ignored = false;
  }
  return ignored;
}

/** The folder as the lines init offers name it: none for the current one, `./-dash` for one a flag's dash starts. */
function folderArgument(cwd: string, dir: string): string[] {
  const target = path.relative(cwd, dir);
  return target === '' ? [] : [target.startsWith('-') ? `./${target}` : target];
}

/** Whether `file` is a folder (not a link to one); a path that cannot be read is left to the writes. */
function isFolder(file: string): boolean {
  try {
    return lstatSync(file, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch {
    return false;
  }
}

/** Whether `file` is a link; a path that cannot be read (a file on it) is left to the writes to say. */
function isLink(file: string): boolean {
  try {
    return lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink() === true;
  } catch {
    return false;
  }
}

/** What a link leads to: a folder, a file, nothing, or a loop of links (stat's ELOOP). */
function linkReaches(file: string): 'folder' | 'file' | 'nothing' | 'loop' {
  try {
    const target = statSync(file, { throwIfNoEntry: false });
    return target === undefined ? 'nothing' : target.isDirectory() ? 'folder' : 'file';
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ELOOP' ? 'loop' : 'nothing';
  }
}
