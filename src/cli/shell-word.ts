/**
 * A command line word as a shell reads it back, for a refusal that offers the line to type:
 * quoted when it holds a blank, a quote or another character the shell would act on (`--only 'a b'`).
 */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The words of a command line, each as `shellWord` writes it, joined by spaces. */
export function shellLine(words: readonly string[]): string {
  return words.map(shellWord).join(' ');
}
