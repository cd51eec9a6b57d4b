/** A single-dash word read as the long flag it may mean (evalc has no short flags but `-h`, `-v`). */

/**
 * The long flag a single-dash word may have meant: `-q` the command's one flag starting with q
 * (`--quiet`), `-quiet` or `-json` the flag of that name (they were told only to pass a file name
 * after `--`).
 */
export function shortFlagMeant(word: string, flags: readonly string[]): string | undefined {
  if (word.startsWith('--') || !word.startsWith('-')) return undefined;
  const bare = word.slice(1).split('=')[0] ?? '';
  if (bare.length === 0) return undefined;
  if (flags.includes(bare)) return bare;
  if (bare.length !== 1) return undefined;
  const starting = flags.filter((f) => f.startsWith(bare));
  return starting.length === 1 ? starting[0] : undefined;
}

/**
 * A flag word as a command line that moves it should write it: `-json` → `--json`, `-q` → `--quiet`
 * (QA207: `evalc -json plan` was told `evalc plan -json`, which plan refuses); other words as given.
 */
export function asLongFlag(word: string, flags: readonly string[]): string {
  const meant = word.includes('=') ? undefined : shortFlagMeant(word, flags);
  return meant === undefined ? word : `--${meant}`;
}
