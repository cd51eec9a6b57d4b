/**
 * QA316: README's "Using evalc in CI" recipe is the one GitHub Actions workflow evalc documents
 * (header `# .github/workflows/evalc.yml`). The repository also committed an older example at that
 * very path that contradicted it: `npm ci` (which README says npm 11 may refuse), `npx evalc` (evalc
 * is not on the npm registry), `apply --locked` on every pull request (refused whenever the pull
 * request changes the plan, and no `--baseline`, so no regression gate was ever judged), its artifact
 * named `evalc-report` where report.md's cut note sends the reader to `evalc-reports`, and a cache
 * keyed by the lock's hash. No committed workflow may run evalc other than as the recipe does; and
 * each `evalc` line of the recipe uses only flags its command takes (`evalc <command> --help --json`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, spawnCli } from './run-cli.js';

const README = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
const HEADER = '# .github/workflows/evalc.yml\n';

function recipe(): string {
  const start = README.indexOf(`\`\`\`yaml\n${HEADER}`);
  expect(start, 'README holds the CI recipe').toBeGreaterThanOrEqual(0);
  const body = start + '```yaml\n'.length;
  const end = README.indexOf('\n```', body);
  return README.slice(body, end + 1);
}

describe('the GitHub Actions recipe (QA316)', () => {
  it('no committed workflow runs evalc otherwise than README’s recipe', () => {
    const folder = path.join(REPO_ROOT, '.github/workflows');
    const files = existsSync(folder) ? readdirSync(folder).filter((name) => /\.ya?ml$/.test(name)) : [];
    const text = recipe();
    for (const name of files) {
      const workflow = readFileSync(path.join(folder, name), 'utf8');
      if (!/\bevalc (apply|plan|diff|report)\b/.test(workflow)) continue;
      expect(`${HEADER}${workflow.replace(/^# \.github\/workflows\/evalc\.yml\n/, '')}`, name).toBe(text);
    }
  });

  it('each evalc line of the recipe uses flags its command takes', () => {
    const lines = [
      ...recipe().matchAll(/\bevalc (init|validate|plan|apply|diff|report|graph|schema|lint)\b([^\n#;|]*)/g),
    ];
    const commands = new Set(lines.map((line) => line[1] as string));
    expect([...commands].sort()).toEqual(['apply', 'diff', 'plan']);
    for (const command of commands) {
      const help = spawnCli([command, '--help', '--json'], { cwd: REPO_ROOT });
      expect(help.code).toBe(0);
      const flags = new Set(
        (JSON.parse(help.stdout) as { flags: { flag: string }[] }).flags.map((f) => f.flag),
      );
      for (const line of lines.filter((l) => l[1] === command))
        for (const flag of (line[2] as string).match(/--[a-z-]+/g) ?? [])
          expect(flags, `evalc ${command} ${flag}`).toContain(flag);
    }
  });
});
