/**
 * A flag written before the command (`evalc --json plan`, `evalc --quiet --only s validate`): the line
 * it is told, every such flag read against the command (moved out of main.ts, QA231).
 */
import {
  type CommandName,
  commandOptions,
  flagOwnerName,
  isCommandName,
  nameAfterFlags,
} from './command-help.js';
import { shellLine } from './shell-word.js';
import { asLongFlag } from './short-flag.js';

/**
 * A flag before the command (`evalc --json plan`, `evalc --quiet`) was an unknown command
 * "--json" (QA183): flags are the command's, after its name.
 */
export function flagBeforeCommand(flag: string, rest: string[], commands: readonly string[]): string {
  // The word right after a flag that takes a value is that value, even when it is a command's name
  // too: `evalc --only plan apply` read `evalc plan --only apply`, another command (QA196, QA199).
  const at = nameAfterFlags(flag, rest, isCommandName);
  // What came between is the flag's value or more flags: `evalc --only search apply` read
  // `evalc apply --only`, its value dropped (QA188). What came after the command stays too, and
  // a word the shell would split is quoted: `evalc --json apply plans/x.yaml` read
  // `evalc apply --json`, which runs another plan (QA193).
  if (at === -1)
    return `${flag} is no command: evalc takes a command first, then its flags (evalc <command> ${flag})`;
  // cache's subcommand goes before its flags: `evalc --json cache stats` read `evalc cache --json
  // stats`, which cache refuses, 'cache needs stats or prune first' (QA206).
  const after = rest.slice(at + 1);
  const sub = rest[at] === 'cache' ? cacheSubcommandAt(after) : -1;
  // cache with no subcommand (`evalc --json cache`) read `evalc cache --json`, refused too (QA213):
  // stats is offered, the one that changes nothing, and the choice said.
  const bare = rest[at] === 'cache' && sub === -1;
  // Every flag before the command is read, not the first alone: `evalc --json --quiet plan` read
  // `evalc plan --json --quiet`, which plan refuses (QA226).
  const name = rest[at] as CommandName;
  const others = sub === -1 ? after : [...after.slice(0, sub), ...after.slice(sub + 1)];
  const read = readFlagsBefore(
    name,
    [flag, ...rest.slice(0, at)],
    others,
    sub === -1 ? undefined : after[sub],
    commands,
  );
  // A flag of prune alone (`evalc --dry-run cache`) offered `cache stats --dry-run`, refused: prune (QA222).
  const pruneFlag = bare && [...read.kept, ...others].some((w) => /^--(dry-run|force|lock)(=|$)/.test(w));
  const command = bare
    ? ['cache', pruneFlag ? 'prune' : 'stats']
    : sub === -1
      ? [rest[at]!]
      : [rest[at]!, after[sub]!];
  const line = shellLine([...command, ...read.json, ...read.kept, ...others]);
  // A flag the command does not take (`evalc --quiet plan`) read 'evalc plan --quiet', which plan
  // refuses, 'plan takes no --quiet' (QA222): the line offered runs without it, its value dropped.
  // JSON is asked of diff and report with --format json, of the others with --json (QA95, QA105).
  const why = [
    ...(read.json.length > 0 ? [`writes JSON with ${read.json.join(' ')}`] : []),
    ...(read.dropped.length > 0 ? [`takes no ${read.dropped.join(' nor ')}`] : []),
    ...(read.twice.length > 0 ? [`takes ${read.twice.join(' and ')} once`] : []),
  ];
  const as = read.first === flag || why.length > 0 ? '' : `, as ${read.first}`;
  // `evalc --dry-run cache stats`: cache stats takes no --dry-run, cache prune does (QA231: 'cache takes no').
  const said = sub === -1 ? rest[at] : `${rest[at]} ${after[sub]}`;
  const but = why.length > 0 ? `, but ${said} ${why.join(' and ')}` : '';
  return `${flag} goes after the command${as}${but}: evalc ${line}${bare ? ' (cache needs stats or prune first)' : ''}`;
}

/**
 * The flags written before `command` (each with its value), read against it: a single-dash word as
 * the long flag it names (the command's, then any command's: `evalc -q cache`, QA222); one it takes
 * kept; JSON asked as it asks it; one it does not take dropped, named with the commands that do.
 */
function readFlagsBefore(
  command: CommandName,
  words: string[],
  after: string[],
  sub: string | undefined,
  commands: readonly string[],
): { first: string; kept: string[]; json: string[]; dropped: string[]; twice: string[] } {
  const own = Object.keys(commandOptions(command));
  const kept: string[] = [];
  const json: string[] = [];
  const dropped: string[] = [];
  const twice: string[] = [];
  let first = words[0]!;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (!word.startsWith('-')) {
      kept.push(word);
      continue;
    }
    const ownWritten = asLongFlag(word, own);
    const written = ownWritten === word ? asLongFlag(word, [...new Set(allFlagNames(commands))]) : ownWritten;
    if (i === 0) first = written;
    const key = written.slice(2).split('=')[0]!;
    const owners = flagOwners(written, commands);
    const value =
      owners.length > 0 && !written.includes('=') && commandOptions(owners[0]!)[key]?.type === 'string'
        ? words.slice(i + 1, i + 2)
        : [];
    i += value.length;
    // `cache stats` refuses prune's flags: `evalc --dry-run cache stats` read `evalc cache stats --dry-run`.
    const takes = owners.includes(command) && !(sub === 'stats' && /^(dry-run|force|lock)$/.test(key));
    // A value flag given after the command too (or twice before it) was offered as written, and the
    // line refused, '--format was given twice' (QA231): the one after the command is kept, else the first.
    const spec = takes ? commandOptions(command)[key] : undefined;
    const again = (w: string) => w === `--${key}` || w.startsWith(`--${key}=`);
    if (spec?.type === 'string' && !spec.multiple && (after.some(again) || kept.some(again))) {
      if (!twice.includes(`--${key}`)) twice.push(`--${key}`);
      continue;
    }
    if (owners.length === 0 || takes) {
      kept.push(written, ...value);
      continue;
    }
    const asked = value[0] ?? written.split('=')[1];
    const given = [...kept, ...words.slice(i + 1), ...after];
    const wantsFormat = written === '--json' && (command === 'diff' || command === 'report');
    const wantsJson = key === 'format' && asked === 'json' && own.includes('json');
    const alreadyAsked = given.some((w) => (wantsFormat ? /^--format(=|$)/.test(w) : w === '--json'));
    if ((wantsFormat || wantsJson) && !alreadyAsked) {
      if (json.length === 0) json.push(...(wantsFormat ? ['--format', 'json'] : ['--json']));
    } else {
      const names = owners.map((o) => flagOwnerName(o, key));
      const of = names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
      dropped.push(`--${key} (it is a flag of ${of})`);
    }
  }
  return { first, kept, json, dropped, twice };
}

/** Every command's flag names, `help` aside. */
function allFlagNames(commands: readonly string[]): string[] {
  return (commands as CommandName[])
    .filter((command) => isCommandName(command))
    .flatMap((command) => Object.keys(commandOptions(command)));
}

/** The commands that take `--flag` (`--flag=value` too); none for a single-dash word or a flag none takes. */
function flagOwners(word: string, commands: readonly string[]): CommandName[] {
  if (!word.startsWith('--')) return [];
  const name = word.slice(2).split('=')[0]!;
  return (commands as CommandName[]).filter(
    (command) => isCommandName(command) && Object.hasOwn(commandOptions(command), name),
  );
}

/** Where cache's subcommand stands in the words after `cache`, a flag's value skipped; -1 when none. */
function cacheSubcommandAt(words: string[]): number {
  const isSub = (word: string) => word === 'stats' || word === 'prune';
  if (words.length === 0) return -1;
  if (isSub(words[0]!)) return 0;
  const at = nameAfterFlags(words[0]!, words.slice(1), isSub);
  return at === -1 ? -1 : at + 1;
}
