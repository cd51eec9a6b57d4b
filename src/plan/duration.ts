/** Durations in the plan language: `30s`, `1500ms`, `2m`, or a number of seconds. */
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const DURATION_RE = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)$/;

/** Milliseconds for a duration value, or undefined when it is not one. */
export function parseDuration(value: string | number): number | undefined {
  if (typeof value === 'number') return value >= 0 ? value * 1000 : undefined;
  const match = DURATION_RE.exec(value.trim());
  if (!match) return undefined;
  return Number(match[1]) * UNIT_MS[match[2]!]!;
}
