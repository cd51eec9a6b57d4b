/**
 * Every command's arguments and flags, in one table: the parser options each command accepts and
 * the text `evalc <command> --help` prints come from the same entry, so a flag cannot be accepted
 * without being documented (or documented without being accepted). README.md's CLI section lists
 * the same flags (tests/cli/qa7-help.test.ts checks both directions).
 */
import type { ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

interface FlagSpec {
  type: 'string' | 'boolean';
  /** The value's placeholder in the usage line (string flags), e.g. `DIR`. */
  value?: string;
  multiple?: true;
  default?: string;
  help: string;
}

interface CommandSpec {
  /** Positional arguments as the usage line shows them, e.g. `[plan]`. */
  args: string;
  summary: string;
  flags: Record<string, FlagSpec>;
  /** Lines printed after the flags (exit codes, defaults). */
  notes?: string[];
}

const PLAN_ARG = '[plan] is a plan file or a folder holding evalc.yaml (default ./evalc.yaml).';
const JSON_FLAG: FlagSpec = {
  type: 'boolean',
  help: 'print the result as JSON on stdout (with an exitCode field)',
};

const COMMAND_SPECS = {
  init: {
    args: '[dir]',
    summary:
      'scaffold a plan: evalc.yaml, datasets/smoke.jsonl, agents/echo-agent.mjs (a stand-in agent it serves), schemas/evalc.schema.json, .gitignore',
    flags: {},
    notes: [
      'dir defaults to the current folder.',
      'exit 0 · 1 a file that cannot be written · 64 usage, or dir already holds evalc.yaml.',
    ],
  },
  validate: {
    args: '[plan]',
    summary: 'schema + references + templates + JMESPath, errors as file:line:col',
    flags: { json: { type: 'boolean', help: 'print {ok, exitCode, diagnostics} as JSON' } },
    notes: [PLAN_ARG, 'exit 0 valid (warnings allowed) · 64 usage, or no plan file · 65 invalid plan.'],
  },
  plan: {
    args: '[plan]',
    summary: 'what apply would do: + new  ~ re-run (and why)  = cached (a count)',
    flags: {
      json: { type: 'boolean', help: 'print every step and the counts as JSON' },
      only: { type: 'string', value: 'task[/dataset]', help: 'plan that part only, as apply --only runs it' },
      'cache-dir': {
        type: 'string',
        value: 'DIR',
        help: 'the step cache to compare with (default .evalc/cache, or EVALC_CACHE_DIR)',
      },
      'detailed-exitcode': {
        type: 'boolean',
        help: "Terraform's flag (also -detailed-exitcode), accepted and changing nothing: plan always exits 2 when there is work",
      },
    },
    notes: [
      PLAN_ARG,
      "exit 0 nothing to do · 1 runtime error (an unreadable evalc.lock, a preflight input that does not fit its RAIP agent's schema) · 2 there is work · 64 usage · 65 invalid plan.",
    ],
  },
  apply: {
    args: '[plan]',
    summary: 'run the plan: invoke agents, score, write evalc.lock and the reports',
    flags: {
      locked: { type: 'boolean', help: 'refuse to run when a pinned input drifted from evalc.lock' },
      frozen: {
        type: 'boolean',
        help: 'never call an agent or a judge: everything from the cache, else fail',
      },
      refresh: {
        type: 'boolean',
        help: 'ignore cached agent responses and scores (ask every agent and judge again)',
      },
      'update-lock': {
        type: 'boolean',
        help: 'accept an agent whose RAIP input schema changed since evalc.lock, and pin its new ETag (not with --locked)',
      },
      only: {
        type: 'string',
        value: 'task[/dataset]',
        help: 'run that part of the plan; writes .evalc/evalc.only.lock, never evalc.lock',
      },
      concurrency: { type: 'string', value: 'N', help: "cap each agent's requests in flight at N" },
      'cache-dir': {
        type: 'string',
        value: 'DIR',
        help: 'the step cache (default .evalc/cache, or EVALC_CACHE_DIR)',
      },
      out: { type: 'string', value: 'DIR', help: 'write the reports there (default .evalc/reports)' },
      baseline: { type: 'string', value: 'LOCK', help: 'lockfile for regression gates and report deltas' },
      quiet: {
        type: 'boolean',
        help: 'no progress, warnings or summary; failed gates, an agent with nothing evaluated, a judge that scored nothing, schema drift and refusals still go to stderr',
      },
      json: { type: 'boolean', help: 'stream NDJSON events on stdout, ending with a result event' },
    },
    notes: [
      PLAN_ARG,
      'exit 0 ok · 1 runtime error, refused run, failed gates, nothing evaluated for an agent, a judge that scored nothing · 64 usage · 65 invalid plan · 130 interrupted.',
    ],
  },
  diff: {
    args: '<old.lock> <new.lock>',
    summary:
      'compare two lockfiles: pins, aggregate deltas with paired tests, flips, gates, volatile figures',
    flags: {
      format: {
        type: 'string',
        value: 'text|md|json',
        default: 'text',
        help: 'output format (default text)',
      },
      'fail-on': { type: 'string', value: 'regression', help: 'exit 1 when a significant regression exists' },
      significance: {
        type: 'string',
        value: 'P',
        help: "p-value threshold (default: the new lock's run.significance, else 0.05)",
      },
      seed: { type: 'string', value: 'N', help: "bootstrap seed (default: the new lock's run.seed)" },
      tolerance: {
        type: 'string',
        value: 'R',
        help: 'relative tolerance for volatile figures (default 0.2, i.e. ±20%)',
      },
    },
    notes: [
      'exit 0 · 1 significant regression under --fail-on regression, or a lockfile that cannot be read · 64 usage.',
    ],
  },
  report: {
    args: '',
    summary: 're-render the reports from a lockfile (and the cache beside it)',
    flags: {
      from: {
        type: 'string',
        value: 'evalc.lock',
        default: 'evalc.lock',
        help: 'the lockfile (default ./evalc.lock)',
      },
      format: {
        type: 'string',
        value: 'md|html|json|junit',
        help: 'print that one report on stdout (with --out: write only that file)',
      },
      baseline: {
        type: 'string',
        value: 'LOCK',
        help: 'lockfile to show deltas and flips against, and to judge regression gates against as apply --baseline does (with the plan beside the lockfile)',
      },
      out: {
        type: 'string',
        value: 'DIR',
        help: 'write the reports there (default .evalc/reports beside the lockfile)',
      },
      'cache-dir': {
        type: 'string',
        value: 'DIR',
        help: 'the cache the run used, for failure reasons and trajectories (default .evalc/cache beside the lockfile, or EVALC_CACHE_DIR)',
      },
    },
    notes: [
      'exit 0 · 1 a lockfile or cache that cannot be read, a report that cannot be written · 64 usage.',
    ],
  },
  graph: {
    args: '[plan]',
    summary: "print the plan's step graph",
    flags: {
      format: {
        type: 'string',
        value: 'mermaid|dot',
        default: 'mermaid',
        help: 'output format (default mermaid)',
      },
      examples: {
        type: 'boolean',
        help: "also each example × repeat's invoke, extract and score steps, linked to their group",
      },
    },
    notes: [PLAN_ARG, 'exit 0 · 64 usage · 65 invalid plan.'],
  },
  schema: {
    args: '',
    summary: 'write evalc.schema.json from the zod definitions, with lock.schema.json and report.schema.json',
    flags: {
      out: { type: 'string', value: 'DIR', help: 'the folder to write (default ./schemas)' },
      stdout: { type: 'boolean', help: 'print evalc.schema.json on stdout instead of writing files' },
    },
    notes: ['exit 0 · 1 a file that cannot be written · 64 usage.'],
  },
  cache: {
    args: 'stats|prune [plan]',
    summary: 'inspect the step cache / drop the entries no lockfile reaches',
    flags: {
      'cache-dir': {
        type: 'string',
        value: 'DIR',
        help: 'the cache (default .evalc/cache beside the plan, or EVALC_CACHE_DIR)',
      },
      lock: {
        type: 'string',
        value: 'FILE',
        multiple: true,
        help: 'prune: keep what this lockfile reaches (repeatable; default evalc.lock and .evalc/evalc.only.lock)',
      },
      'dry-run': { type: 'boolean', help: 'prune: count what would go and change nothing' },
      force: {
        type: 'boolean',
        help: "prune: without --lock, prune a cache that is not the plan's own .evalc/cache (--cache-dir, EVALC_CACHE_DIR) to this plan's locks",
      },
      json: { type: 'boolean', help: 'print the figures as JSON' },
    },
    notes: [
      PLAN_ARG,
      'exit 0 · 1 no cache, a --lock that is missing or no lockfile, prune on a cache in use or read-only, or on a shared cache without --lock or --force · 64 usage.',
    ],
  },
  lint: {
    args: '[plan]',
    summary: 'dataset lint: duplicate inputs, empty expected values, leaks, imbalance, all-zero weights',
    flags: { json: JSON_FLAG },
    notes: [PLAN_ARG, 'exit 0 · 1 a finding is an error · 64 usage, or no plan file · 65 invalid plan.'],
  },
} as const satisfies Record<string, CommandSpec>;

export type CommandName = keyof typeof COMMAND_SPECS;

export function isCommandName(name: string): name is CommandName {
  return Object.hasOwn(COMMAND_SPECS, name);
}

/** The commands other than `except` that take `--flag`: `plan --locked` is apply's (QA219). */
/** The flags of `cache prune` alone: `cache stats` refuses them (cache.ts). */
const PRUNE_FLAGS: ReadonlySet<string> = new Set(['lock', 'dry-run', 'force']);

/**
 * A command that takes `flag`, as a user runs it: `cache prune` for prune's own flags (QA227:
 * `apply --dry-run` read 'it is a flag of cache', and `cache stats --dry-run` is refused).
 */
export function flagOwnerName(owner: CommandName, flag: string): string {
  return owner === 'cache' && PRUNE_FLAGS.has(flag) ? 'cache prune' : owner;
}

export function commandsWithFlag(flag: string, except: string): CommandName[] {
  return (Object.keys(COMMAND_SPECS) as CommandName[]).filter(
    (name) => name !== except && Object.hasOwn(COMMAND_SPECS[name].flags, flag),
  );
}

/** Whether `--flag` (not `--flag=value`) takes a value in some command (`--only`, `--format`, `--cache-dir`). */
function takesValue(word: string): boolean {
  if (!word.startsWith('--') || word.includes('=')) return false;
  const name = word.slice(2);
  return Object.values(COMMAND_SPECS).some(
    (spec) => (spec.flags as Record<string, FlagSpec>)[name]?.type === 'string',
  );
}

/**
 * Where in `rest` (the words after `flag`) the first word `isName` accepts stands, skipping the
 * value of every flag that takes one, `flag`'s and each later one's: `evalc --only plan apply`
 * means apply (QA196), as `evalc --json --only plan apply` does, and `evalc cache --cache-dir
 * prune stats` means stats: only the first flag's value was skipped, so the lines offered ran
 * plan, and pruned (QA199). -1 when there is none.
 */
export function nameAfterFlags(
  flag: string,
  rest: readonly string[],
  isName: (word: string) => boolean,
): number {
  let isValue = takesValue(flag);
  for (const [i, word] of rest.entries()) {
    if (!isValue && isName(word)) return i;
    isValue = !isValue && takesValue(word);
  }
  return -1;
}

/** The node:util parseArgs options of a command. */
export function commandOptions(name: CommandName): Options {
  const options: Options = {};
  for (const [flag, spec] of Object.entries(COMMAND_SPECS[name].flags as Record<string, FlagSpec>)) {
    options[flag] = {
      type: spec.type,
      ...(spec.multiple ? { multiple: true } : {}),
      ...(spec.default !== undefined ? { default: spec.default } : {}),
    };
  }
  return options;
}

function flagUsage(flag: string, spec: FlagSpec): string {
  const value = spec.type === 'string' ? ` ${spec.value ?? 'VALUE'}${spec.multiple ? ' ...' : ''}` : '';
  return `--${flag}${value}`;
}

/** One line: `evalc apply [plan] [--locked] … [--json]`. */
export function commandUsage(name: CommandName): string {
  const spec: CommandSpec = COMMAND_SPECS[name];
  const flags = Object.entries(spec.flags).map(([flag, f]) => `[${flagUsage(flag, f)}]`);
  return ['evalc', name, spec.args, ...flags].filter((part) => part !== '').join(' ');
}

/** What `evalc <command> --help` prints. */
export function renderCommandHelp(name: CommandName): string {
  const spec: CommandSpec = COMMAND_SPECS[name];
  const flags = Object.entries(spec.flags).map(([flag, f]) => [flagUsage(flag, f), f.help] as const);
  const width = Math.max(0, ...flags.map(([usage]) => usage.length));
  const lines = [`usage: ${commandUsage(name)}`, '', spec.summary];
  if (flags.length > 0) lines.push('', ...flags.map(([usage, help]) => `  ${usage.padEnd(width)}  ${help}`));
  if (spec.notes?.length) lines.push('', ...spec.notes);
  return `${lines.join('\n')}\n`;
}

/**
 * `evalc apply --help --json` (or `evalc help apply --json`): the same help as data, for a tool or an
 * editor that lists the flags; it printed the text help, which `JSON.parse` refused (QA243).
 */
export function renderCommandHelpJson(name: CommandName): string {
  const spec: CommandSpec = COMMAND_SPECS[name];
  const flags = Object.entries(spec.flags).map(([flag, f]) => ({
    flag: `--${flag}`,
    type: f.type,
    ...(f.value !== undefined || f.type === 'string' ? { value: f.value ?? 'VALUE' } : {}),
    ...(f.multiple ? { multiple: true } : {}),
    ...(f.default !== undefined ? { default: f.default } : {}),
    help: f.help,
  }));
  const help = { command: name, usage: commandUsage(name), args: spec.args, summary: spec.summary, flags };
  return `${JSON.stringify({ ...help, notes: spec.notes ?? [], exitCode: 0 })}\n`;
}

/** `evalc --help --json`: the commands as data (QA243). */
export function renderOverviewJson(): string {
  const names = Object.keys(COMMAND_SPECS) as CommandName[];
  const commands = names.map((name) => ({
    command: name,
    args: COMMAND_SPECS[name].args,
    summary: COMMAND_SPECS[name].summary,
  }));
  return `${JSON.stringify({ commands, exitCode: 0 })}\n`;
}

/**
 * What a usage error with no command (`evalc bogus`, `evalc --json plan`) prints after its message: one
 * usage line and where the rest is, not the whole overview, whose 17 lines scrolled the message away (QA243).
 */
export function overviewUsage(): string {
  const names = Object.keys(COMMAND_SPECS).join(', ');
  return `usage: evalc <command> [options]  (commands: ${names})\nsee \`evalc --help\` (a command's flags: \`evalc <command> --help\`)\n`;
}

/** What `evalc --help` prints: every command with its summary. */
export function renderOverview(): string {
  const names = Object.keys(COMMAND_SPECS) as CommandName[];
  const heads = names.map((name) => `${name} ${COMMAND_SPECS[name].args}`.trim());
  const width = Math.max(...heads.map((h) => h.length));
  const rows = names.map(
    (name, i) => `  ${(heads[i] ?? name).padEnd(width)}  ${COMMAND_SPECS[name].summary}`,
  );
  return [
    'evalc — compile and run agent evaluation plans kept as code',
    '',
    'usage: evalc <command> [options]      evalc <command> --help|-h (or evalc help <command>)      evalc --version|-v',
    '',
    ...rows,
    '',
    'Environment: EVALC_CACHE_DIR (the step cache folder), CI=true or TERM=dumb (plain progress instead of a live line),',
    'EVALC_NO_CODE_CACHE=1 (start without the V8 code cache), NODE_EXTRA_CA_CERTS (a CA to trust for https agents).',
    '',
  ].join('\n');
}
