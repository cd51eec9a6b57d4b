/**
 * `--format` on a command that has no `--format` (QA105, QA113): what the user asked for instead.
 * `--format json` (or no value) means JSON, which validate, plan, apply, lint and cache write with
 * `--json`. Any other value (`apply --format html`) asks for a report: apply writes all four on
 * every run, so say where; the others print text and point at `evalc report --format`.
 */

/** The value given to `--format` in the arguments before `--` (undefined when it has none). */
function formatValue(args: readonly string[]): string | undefined {
  const end = args.indexOf('--');
  const flags = end === -1 ? args : args.slice(0, end);
  for (let i = 0; i < flags.length; i++) {
    const arg = flags[i] as string;
    if (arg.startsWith('--format=')) return arg.slice('--format='.length);
    if (arg === '--format') {
      const next = flags[i + 1];
      return next === undefined || next.startsWith('-') ? undefined : next;
    }
  }
  return undefined;
}

/** What `evalc report --format` takes: a value outside these is named as the list (QA117). */
const REPORT_FORMATS = ['md', 'html', 'json', 'junit'];

/** The refusal's first line for `--format` on a command whose options lack it. */
export function formatFlagHint(args: readonly string[], usage: string, hasJson: boolean): string {
  const command = /^evalc (\S+)/.exec(usage)?.[1] ?? 'this command';
  const value = formatValue(args);
  if (!hasJson) return `unknown option --format: evalc ${command} has no output formats`;
  if (value === undefined || value.toLowerCase() === 'json')
    return 'unknown option --format: this command writes JSON with --json';
  if (command === 'apply') {
    // `apply --format xml` (or `HTML`) named `evalc report --format xml`, which report refuses (QA117).
    const known = REPORT_FORMATS.includes(value.toLowerCase())
      ? value.toLowerCase()
      : REPORT_FORMATS.join('|');
    return (
      `unknown option --format: apply writes every report on each run (report.md, report.html, ` +
      `report.json, junit.xml) to .evalc/reports/ beside the plan, or to --out DIR; ` +
      `\`evalc report --format ${known}\` renders one from the lockfile; JSON on stdout with --json`
    );
  }
  return (
    `unknown option --format: evalc ${command} writes text, or JSON with --json; ` +
    `reports (md, html, json, junit) come from \`evalc apply\` and \`evalc report --format\``
  );
}
