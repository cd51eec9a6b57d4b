import { statSync } from 'node:fs';
import path from 'node:path';
/** Argument parsing shared by the commands; a usage error becomes exit 64. */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { suggest } from '../plan/suggest.js';
import { commandsWithFlag, flagOwnerName } from './command-help.js';
import { EXIT, ExitError } from './exit-error.js';
import { formatFlagHint } from './format-flag-hint.js';
import { shellWord } from './shell-word.js';
import { shortFlagMeant } from './short-flag.js';

type Options = NonNullable<ParseArgsConfig['options']>;

const FOLDER_FLAGS = ['cache-dir', 'out'] as const;

export interface ParsedArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/**
 * `maxPositionals`: more arguments than the command takes are a usage error, not ignored
 * (`evalc validate a.yaml b.yaml` validated a.yaml alone and said "valid"; QA20).
 */
export function parseCommandArgs(
  args: string[],
  options: Options,
  usage: string,
  maxPositionals = Number.POSITIVE_INFINITY,
): ParsedArgs {
  let parsed: ParsedArgs;
  let tokens: ReturnType<typeof parseArgs>['tokens'];
  try {
    const result = parseArgs({
      args: joinNegativeValues(args, options),
      options,
      allowPositionals: true,
      strict: true,
      tokens: true,
    });
    parsed = { values: result.values as ParsedArgs['values'], positionals: result.positionals };
    tokens = result.tokens;
  } catch (err) {
    // `diff` and `report` write JSON with `--format json`; `--json` (apply's, plan's) was refused
    // with Node's advice to pass it after `--` as a file name (QA95). Not graph's advice: its
    // formats are mermaid and dot (QA105), so only a usage whose `--format` lists json gives it.
    const unknown = (err as { code?: unknown }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION';
    const formatsJson = /--format [^\]\s]*\bjson\b/.test(usage);
    if (unknown && options.format && formatsJson && !options.json && String(err).includes("'--json'"))
      throw new ExitError(
        EXIT.usage,
        `unknown option --json: this command writes JSON with --format json\nusage: ${usage}`,
      );
    // The other way round (QA105): `plan --format json`, where validate, plan, apply, lint and
    // cache write JSON with `--json`; `apply --format html` asks for a report, which apply always
    // writes (QA113): the hint says where.
    if (unknown && !options.format && String(err).includes("'--format'"))
      throw new ExitError(
        EXIT.usage,
        `${formatFlagHint(args, usage, Boolean(options.json))}\nusage: ${usage}`,
      );
    if (unknown)
      throw new ExitError(
        EXIT.usage,
        `${unknownOption(err, args, options, formatsJson, usage)}\nusage: ${usage}`,
      );
    const missing = valueMissing(err, args, options);
    if (missing !== undefined) throw new ExitError(EXIT.usage, `${missing}\nusage: ${usage}`);
    throw new ExitError(EXIT.usage, `${err instanceof Error ? err.message : String(err)}\nusage: ${usage}`);
  }
  // A value option given twice kept the last one silently: `apply --only a --only b` ran b alone
  // (QA39). Repeatable options (`--lock`) say so in their definition.
  const seen = new Set<string>();
  for (const token of tokens ?? []) {
    if (token.kind !== 'option' || options[token.name]?.type !== 'string' || options[token.name]?.multiple)
      continue;
    if (seen.has(token.name))
      throw new ExitError(EXIT.usage, `--${token.name} was given twice; it takes one value\nusage: ${usage}`);
    seen.add(token.name);
  }
  // An empty folder flag (`--cache-dir "$CACHE"` with CACHE unset) is refused by every command:
  // plan, report, cache and schema took it as the current folder (QA42; apply refused it, QA39).
  for (const flag of FOLDER_FLAGS)
    if (parsed.values[flag] === '')
      throw new ExitError(EXIT.usage, `--${flag} needs a folder\nusage: ${usage}`);
  const extra = parsed.positionals[maxPositionals];
  if (extra !== undefined) throw new ExitError(EXIT.usage, `unexpected argument "${extra}"\nusage: ${usage}`);
  return parsed;
}

/**
 * A value flag followed by a negative number (`diff --tolerance -0.5`, `--seed -3`, `apply
 * --concurrency -2`) is read as the flag's value, so the command's own refusal says what the flag
 * takes: Node's parser took `-0.5` for a flag and said the argument is "ambiguous", to be written
 * `--tolerance=-XYZ`, which was then refused all the same (QA203).
 */
function joinNegativeValues(args: string[], options: Options): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') return [...out, ...args.slice(i)];
    const next = args[i + 1];
    const name = arg.startsWith('--') ? arg.slice(2) : undefined;
    if (
      name !== undefined &&
      options[name]?.type === 'string' &&
      next !== undefined &&
      /^-\.?\d/.test(next)
    ) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/**
 * A value flag followed by another flag of the command (`apply --only --json`, `diff --tolerance
 * --seed 3`): its value was left out. Node's parser called it "ambiguous" and advised
 * `--only=-XYZ`, for a value starting with a dash (QA207).
 */
function valueMissing(err: unknown, args: string[], options: Options): string | undefined {
  if ((err as { code?: unknown }).code !== 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return undefined;
  const flag = /^Option '(--[^'\s]+)' argument is ambiguous/.exec(String((err as Error).message))?.[1];
  const next = flag === undefined ? undefined : args[args.indexOf(flag) + 1];
  const name = next?.startsWith('--') ? next.slice(2).split('=')[0] : undefined;
  if (name === undefined || !(Object.hasOwn(options, name) || name === 'help')) return undefined;
  return `${flag} needs a value: the word after it, ${next}, is a flag`;
}

/**
 * An unknown option, named with the flag it may have meant (`--lcoked`: did you mean --locked?).
 * Node's own message ended in advice with an unclosed quote to pass the flag after `--` as a
 * file name (`as in '-- "--bogus"`, QA183); that advice stays only for a single-dash word, where
 * a file name starting with `-` is likelier than a flag.
 */
function unknownOption(
  err: unknown,
  args: string[],
  options: Options,
  formatsJson: boolean,
  usage: string,
): string {
  const message = err instanceof Error ? err.message : String(err);
  const name = /^Unknown option '(-[^']*)'/.exec(message)?.[1];
  if (name === undefined) return message;
  // `plan --version`, `apply -v`: evalc's version is the one flag that goes alone, `evalc --version`;
  // after a command they were unknown options (-v told to pass a file name after `--`; QA207).
  const versionWord = args.find((arg) => /^(--?version|-v)(=|$)/.test(arg));
  if ((name === '--version' || name === '-v') && versionWord !== undefined)
    return `Unknown option '${versionWord}': evalc's version is \`evalc --version\` (or \`evalc -v\`), with no command`;
  // Another command's flag, `plan --locked`, `validate --only`, read as a misspelling of nothing:
  // it is named as that command's (QA219), single-dash too, `apply -detailed-exitcode` (plan's).
  const command = /^evalc (\S+)/.exec(usage)?.[1] ?? '';
  if (name.startsWith('--')) {
    const owners = commandsWithFlag(name.slice(2), command);
    if (owners.length > 0)
      return `Unknown option '${name}': ${command} takes no ${name}, it is a flag of ${listWords(owners.map((o) => flagOwnerName(o, name.slice(2))))}`;
    // --help is every command's, read before the options (main.ts): `--hlep` named nothing (QA188).
    const near = suggest(name.slice(2), [...Object.keys(options), 'help']);
    // `--help=1` named itself, 'did you mean --help?' (QA207): the flag is right, its value is not.
    if (near === name.slice(2) && near === 'help') return `--help takes no value: write --help`;
    return `Unknown option '${name}'${near === undefined ? '' : ` (did you mean --${near}?)`}`;
  }
  const word = args.find((arg) => arg.startsWith(name) && !arg.startsWith('--')) ?? name;
  const meant = shortFlagMeant(word, [...Object.keys(options), 'help']);
  // `diff -json`, `report -json`: they write JSON with --format json, as their `--json` is told (QA207).
  const json = meant === undefined && formatsJson && /^-json(=|$)/.test(word);
  const flag = /^-([a-z][a-z-]+)(=|$)/.exec(word)?.[1];
  const owners = meant === undefined && !json && flag !== undefined ? commandsWithFlag(flag, command) : [];
  if (owners.length > 0)
    return `Unknown option '${name}' (in ${word}): ${command} takes no --${flag}, it is a flag of ${listWords(owners.map((o) => flagOwnerName(o, flag ?? '')))}`;
  const hint = json ? 'did you mean --format json? ' : meant === undefined ? '' : `did you mean --${meant}? `;
  return `Unknown option '${name}'${word === name ? '' : ` (in ${word})`}: ${hint}${dashFileAdvice(command, word)}`;
}

/**
 * Where a file named with a leading dash goes: after `--`; report's lockfile with --from, as
 * `./-x.lock` (QA272: `report -x.lock` was told `-- -x.lock`, which report refuses in turn, a1d706cf).
 */
function dashFileAdvice(command: string, word: string): string {
  if (command !== 'report') return `a file name starting with - goes after --, as in \`-- ${word}\``;
  const lock = /\.ya?ml$/i.test(word) ? path.join(path.dirname(word), 'evalc.lock') : word;
  return `report reads a lockfile with --from, as in \`--from ${shellWord(`./${lock}`)}\``;
}

/** `apply`, `plan and apply`, `validate, plan and apply`. */
function listWords(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** The plan file argument: a path, a folder holding evalc.yaml, or ./evalc.yaml. */
export function planArgument(positionals: string[], cwd: string): string {
  const given = positionals[0] ?? 'evalc.yaml';
  try {
    if (statSync(path.resolve(cwd, given)).isDirectory()) return path.join(given, 'evalc.yaml');
  } catch {
    // not there: the loader reports it; a folder written as one (`nosuch/`) as the folder's plan,
    // whose hint names the missing folder (QA243: it read `plan file not found: nosuch`, no hint)
    if (/[\\/]$/.test(given)) return path.join(given, 'evalc.yaml');
  }
  return given;
}
