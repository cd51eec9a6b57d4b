/**
 * A byte limit written with a unit (`maxResponseBytes: "16MiB"`, `maxInputBytes: 64 KB`) read
 * `expected number, got the string "16MiB"` alone (QA364): the limits take integer bytes, so the
 * hint writes that integer. KiB, MiB and GiB are powers of 1024; KB, MB and GB are powers of 1000
 * (SI), and the hint also gives the binary figure, which is what a writer of `16MB` often means.
 * The integer is checked against the limit's own bounds first, as a quoted number's is (QA166).
 */
import type { z } from 'zod';
import { agentLimitsSchema, judgeLimitsSchema } from './agent-schema.js';
import type { PlanPath } from './diagnostic.js';

const BYTE_SIZE = /^(\d+(?:\.\d+)?)\s*(k|m|g)(i?)b$/i;
const POWER: Record<string, number> = { k: 1, m: 2, g: 3 };

/** The hint for `key: text` where a byte count goes (a key ending in `Bytes`), or nothing. */
export function byteSizeHint(path: PlanPath, key: string, text: string): string | undefined {
  if (!key.endsWith('Bytes')) return undefined;
  const written = text.trim();
  const match = BYTE_SIZE.exec(written);
  if (!match) return undefined;
  const amount = Number(match[1]);
  const power = POWER[match[2]!.toLowerCase()]!;
  const binary = Math.round(amount * 1024 ** power);
  const decimal = Math.round(amount * 1000 ** power);
  const value = match[3] !== '' ? binary : decimal;
  const refused = refusal(path, key, value);
  if (refused !== undefined)
    return `the bytes are an integer, and ${written} = ${value} is refused there too: ${refused}`;
  if (match[3] !== '') return `write the bytes as an integer: ${key}: ${value} (${written})`;
  const binaryUnit = `${match[2]!.toUpperCase()}iB`;
  const alsoBinary =
    refusal(path, key, binary) === undefined ? `, or ${binary} for ${match[1]} ${binaryUnit}` : '';
  return `write the bytes as an integer: ${key}: ${value} (${written})${alsoBinary}`;
}

/** Why the limit's schema refuses `value`, if it does (an agent's or a judge's limits). */
function refusal(path: PlanPath, key: string, value: number): string | undefined {
  const limits =
    path[0] === 'agents' ? agentLimitsSchema : path[0] === 'judges' ? judgeLimitsSchema : undefined;
  const field = (limits?.shape as Record<string, z.ZodType> | undefined)?.[key];
  const issue = field?.safeParse(value).error?.issues[0];
  return issue?.message.replace(/^Too (small|big): /, '');
}
