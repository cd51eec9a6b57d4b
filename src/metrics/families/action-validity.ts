/**
 * Action validity (Performance & Execution): tool_call_match, invalid_action_rate,
 * repetition_rate.
 */
import { z } from 'zod';
import type { Trajectory } from '../../protocols/types.js';
import { canonicalJson } from '../normalize-value.js';
import { isPlainObject, parseArguments, resolveExpected } from '../resolve-fields.js';
import { metricError } from '../score-result.js';
import type { ExampleStageDefinition } from '../types.js';
import { matchCallsAsSet, matchCallsInOrder } from './call-matching.js';

/** Every key of `want` is present in `have` with a value that is (recursively) a subset. */
export function isSubset(want: unknown, have: unknown): boolean {
  if (isPlainObject(want)) {
    if (!isPlainObject(have)) return false;
    return Object.entries(want).every(([k, v]) => k in have && isSubset(v, have[k]));
  }
  return canonicalJson(want) === canonicalJson(have);
}

const expectedCall = z.union([
  z.string(),
  z.object({ name: z.string(), arguments: z.unknown().optional() }).passthrough(),
]);

const toolCallParams = z
  .object({
    calls: z
      .array(expectedCall)
      .optional()
      .describe('Expected calls: names or {name, arguments} (default: from expected)'),
    expected: z
      .string()
      .default('tool_calls')
      .describe('Dotted path into example.expected holding the expected calls, when calls is not set'),
    arguments: z
      .enum(['exact', 'subset', 'ignore'])
      .default('subset')
      .describe(
        'exact: equal arguments; subset: the expected arguments appear in the actual ones; ignore: names only',
      ),
    order: z
      .enum(['set', 'ordered'])
      .default('set')
      .describe('ordered: expected calls must occur in this order'),
    extra: z
      .enum(['ignore', 'penalize'])
      .default('ignore')
      .describe('penalize: score = matched / (expected + unmatched actual calls)'),
  })
  .strict();

export const toolCallMatch: ExampleStageDefinition<z.output<typeof toolCallParams>> = {
  type: 'tool_call_match',
  family: 'action_validity',
  category: 'performance',
  version: '2',
  higherIsBetter: true,
  stage: 'example',
  description:
    'Share of expected tool calls (name and arguments, exact or subset) matched by distinct actual calls (the most a matching can pair; ordered: in order)',
  params: toolCallParams,
  score(input, p) {
    const raw = p.calls ?? resolveExpected(input, p.expected);
    const parsed = z.array(expectedCall).safeParse(raw);
    if (!parsed.success) return metricError(`no expected tool calls (set calls: or expected.${p.expected})`);
    const want = parsed.data.map((c) => (typeof c === 'string' ? { name: c, arguments: undefined } : c));
    const actual = input.trajectory.toolCalls.map((t) => ({
      name: t.name,
      args: parseArguments(t.arguments),
    }));
    const wantArgs = want.map((w) => parseArguments(w.arguments));
    const canMatch = (i: number, j: number): boolean => {
      const w = want[i];
      const a = actual[j];
      if (!w || !a || a.name !== w.name) return false;
      const args = wantArgs[i];
      if (p.arguments === 'ignore' || args === undefined) return true;
      return p.arguments === 'exact' ? canonicalJson(args) === canonicalJson(a.args) : isSubset(args, a.args);
    };
    // The most expected calls that distinct actual calls can match (call-matching.ts).
    const matching =
      p.order === 'ordered'
        ? matchCallsInOrder(want.length, actual.length, canMatch)
        : matchCallsAsSet(want.length, actual.length, canMatch);
    const missed = want.flatMap((w, i) => (matching.matchOf[i] === -1 ? [w.name] : []));
    const matched = matching.matched;
    const extras = actual.length - matched;
    const denominator = want.length + (p.extra === 'penalize' ? extras : 0);
    const score = denominator === 0 ? 1 : matched / denominator;
    return {
      score,
      pass: score === 1,
      details: { matched, expected: want.length, actual: actual.length, missed },
    };
  },
};

const invalidParams = z.object({}).strict();

/** invalid / max(turns, tool calls, invalid actions). */
function invalidRate(t: Trajectory): { rate: number; total: number } {
  const total = Math.max(t.turns, t.toolCalls.length, t.invalidActions);
  return { rate: total === 0 ? 0 : t.invalidActions / total, total };
}

export const invalidActionRate: ExampleStageDefinition<z.output<typeof invalidParams>> = {
  type: 'invalid_action_rate',
  family: 'action_validity',
  category: 'performance',
  // 2: a failed conversation's invalid actions count in the rate (QA98).
  version: '2',
  higherIsBetter: false,
  unit: 'rate',
  stage: 'example',
  description:
    'value = invalid actions / actions, actions = max(turns, tool calls, invalid actions); score = 1 − value',
  params: invalidParams,
  // What a failed conversation did is measured (QA98): one that an invalid action ended (`mae`
  // unknown_action, contract_violation) is the rate's own case — it had no value, so the rate left
  // out every invalid action that ended a conversation — and one cut at maxTurns after 3 valid
  // calls is 0 (measuring only those with an invalid action would pick the failures it counts).
  failedValue: (t) => {
    const { rate, total } = invalidRate(t);
    return total > 0 ? rate : undefined;
  },
  score(input) {
    const { rate, total } = invalidRate(input.trajectory);
    return {
      score: 1 - rate,
      value: rate,
      details: { invalid: input.trajectory.invalidActions, actions: total },
    };
  },
};

const repetitionParams = z
  .object({
    of: z
      .enum(['tool_calls', 'messages'])
      .default('tool_calls')
      .describe('tool_calls: same name and arguments; messages: same assistant text'),
  })
  .strict();

export const repetitionRate: ExampleStageDefinition<z.output<typeof repetitionParams>> = {
  type: 'repetition_rate',
  family: 'action_validity',
  category: 'performance',
  // 2: arguments nested too deep or holding 1e400 are read as the replies are (QA50), so the
  // metric_error such a reply cached is scored again
  // 3: an assistant message of whitespace only is no action, as an empty one is not (QA249)
  version: '3',
  higherIsBetter: false,
  unit: 'rate',
  stage: 'example',
  description: 'value = share of actions that repeat an earlier identical one; score = 1 − value',
  params: repetitionParams,
  score(input, p) {
    const keys =
      p.of === 'tool_calls'
        ? input.trajectory.toolCalls.map((t) => canonicalJson([t.name, parseArguments(t.arguments) ?? null]))
        : // A message of whitespace only is no action, as an empty one is not: its trimmed text, '',
          // repeated ("  " then "\n" read 1 repeat of 2 actions, rate 0.5; QA249).
          input.trajectory.messages
            .filter((m) => m.role === 'assistant')
            .map((m) => (m.content ?? '').trim())
            .filter((text) => text !== '');
    const seen = new Set<string>();
    let repeats = 0;
    for (const k of keys) {
      if (seen.has(k)) repeats += 1;
      seen.add(k);
    }
    const rate = keys.length === 0 ? 0 : repeats / keys.length;
    return { score: 1 - rate, value: rate, details: { repeats, actions: keys.length } };
  },
};
