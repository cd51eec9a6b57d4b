/**
 * An example key that is a near miss of one evalc reads (QA44): examples keep other keys as data
 * (a dataset's own metadata: `category`, `difficulty`, `source`), so `expeted`, `var` or `turn` in
 * one line of a dataset was kept and never read — that example scored as if it had no expected
 * value or vars, with no word. Such a key warns at its line; other unknown keys stay quiet.
 */
import { type Diagnostic, diagnostic, type PlanPath, type SourcePosition } from '../plan/diagnostic.js';
import { levenshtein } from '../plan/suggest.js';

export const EXAMPLE_KEYS = [
  'id',
  'vars',
  'expected',
  'expected_sha256',
  'weight',
  'turns',
  'tools',
  'policies',
  'human',
  'human_score',
  'tags',
] as const;

const KNOWN = new Set<string>(EXAMPLE_KEYS);

/** The first key of `value` that is not an example key but within two edits of one, with that key. */
export function exampleKeyTypo(value: unknown): { key: string; meant: string } | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  for (const key of Object.keys(value)) {
    if (KNOWN.has(key)) continue;
    let meant: string | undefined;
    let best = 3;
    for (const candidate of EXAMPLE_KEYS) {
      if (Object.hasOwn(value, candidate)) continue; // `expected` and `expected2`: both meant
      const d = levenshtein(key.toLowerCase(), candidate);
      if (d < best && d < Math.max(candidate.length, key.length) - 1) {
        best = d;
        meant = candidate;
      }
    }
    if (meant !== undefined) return { key, meant };
  }
  return undefined;
}

/** Each near-miss key of a dataset, warned once at its first example with how many have it. */
export class ExampleKeyTypos {
  readonly #found = new Map<string, { meant: string; at: SourcePosition; count: number }>();

  note(value: unknown, fieldAt: (path: readonly PropertyKey[]) => SourcePosition): void {
    const typo = exampleKeyTypo(value);
    if (!typo) return;
    const known = this.#found.get(typo.key);
    if (known) known.count++;
    else this.#found.set(typo.key, { meant: typo.meant, at: fieldAt([typo.key]), count: 1 });
  }

  diagnostics(planPath: PlanPath): Diagnostic[] {
    return [...this.#found].map(([key, { meant, at, count }]) =>
      diagnostic(
        'EVALC_EXAMPLE_UNKNOWN_KEY',
        `example key \`${key}\` is not read by evalc (kept as data)${count > 1 ? `; ${count} examples have it` : ''}`,
        planPath,
        { severity: 'warning', source: at, hint: `did you mean \`${meant}\`?` },
      ),
    );
  }
}
