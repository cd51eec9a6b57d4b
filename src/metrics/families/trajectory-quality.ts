/**
 * Trajectory quality (Performance & Execution): checkpoints / progress_rate — the share of
 * expected key nodes the trajectory reached.
 *
 * A checkpoint is one of:
 * - `{ tool: NAME, arguments?: {...} }` (or a bare string NAME): a tool call with that name
 *   whose arguments contain the given ones (subset match);
 * - `{ phrase: TEXT }`: an assistant message containing TEXT (case-insensitive);
 * - `{ state: PATH, equals: VALUE }`: the dotted PATH of the final response equals VALUE;
 * - `{ candidate: NAME, equals: VALUE }`: the extracted candidate equals VALUE.
 * order `set` (default): each checkpoint counts when reached anywhere. order `ordered`: the
 * checkpoint list is matched greedily as a subsequence; tool checkpoints advance a cursor over
 * the tool calls and phrase checkpoints a cursor over the assistant messages (two timelines,
 * because adapters do not interleave them reliably); state/candidate checkpoints are unordered.
 */
import { z } from 'zod';
import { canonicalJson } from '../normalize-value.js';
import { parseArguments, readPath, resolveExpected } from '../resolve-fields.js';
import { metricError } from '../score-result.js';
import type { ExampleStageDefinition, ScoreInput } from '../types.js';
import { isSubset } from './action-validity.js';

const checkpointSchema = z.union([
  z.string(),
  z.object({ tool: z.string(), arguments: z.record(z.string(), z.unknown()).optional() }).strict(),
  z.object({ phrase: z.string() }).strict(),
  z.object({ state: z.string(), equals: z.unknown() }).strict(),
  z.object({ candidate: z.string(), equals: z.unknown() }).strict(),
]);
type Checkpoint = z.output<typeof checkpointSchema>;

const params = z
  .object({
    checkpoints: z
      .array(checkpointSchema)
      .optional()
      .describe('Key nodes (default: read from example.expected)'),
    expected: z
      .string()
      .default('checkpoints')
      .describe('Dotted path into example.expected holding the checkpoint list, when checkpoints is not set'),
    order: z
      .enum(['set', 'ordered'])
      .default('set')
      .describe('set: reached anywhere; ordered: reached in order'),
  })
  .strict();

function checkpointLabel(c: Checkpoint): string {
  return typeof c === 'string' ? `tool:${c}` : canonicalJson(c);
}

/**
 * A phrase checkpoint and an assistant message compared: NFC, lowercased. QA319: an answer in NFD
 * (`De\u0301sole\u0301`) did not reach `{ phrase: désolé }`, which `contains` finds in it.
 */
function phraseText(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

function reach(input: ScoreInput, checkpoints: Checkpoint[], ordered: boolean): boolean[] {
  const calls = input.trajectory.toolCalls.map((t) => ({ name: t.name, args: parseArguments(t.arguments) }));
  const said = input.trajectory.messages
    .filter((m) => m.role === 'assistant' && typeof m.content === 'string')
    .map((m) => phraseText(m.content ?? ''));
  let toolCursor = 0;
  let phraseCursor = 0;
  return checkpoints.map((c) => {
    if (typeof c === 'string' || 'tool' in c) {
      const name = typeof c === 'string' ? c : c.tool;
      const args = typeof c === 'string' ? undefined : c.arguments;
      const from = ordered ? toolCursor : 0;
      const idx = calls.findIndex(
        (t, i) => i >= from && t.name === name && (!args || isSubset(args, t.args)),
      );
      if (idx >= 0 && ordered) toolCursor = idx + 1;
      return idx >= 0;
    }
    if ('phrase' in c) {
      const from = ordered ? phraseCursor : 0;
      const phrase = phraseText(c.phrase);
      const idx = said.findIndex((m, i) => i >= from && m.includes(phrase));
      if (idx >= 0 && ordered) phraseCursor = idx + 1;
      return idx >= 0;
    }
    if ('state' in c)
      return canonicalJson(readPath(input.trajectory.response, c.state)) === canonicalJson(c.equals);
    return canonicalJson(input.candidates[c.candidate]) === canonicalJson(c.equals);
  });
}

function scoreCheckpoints(input: ScoreInput, p: z.output<typeof params>) {
  const raw = p.checkpoints ?? resolveExpected(input, p.expected);
  const parsed = z.array(checkpointSchema).safeParse(raw);
  if (!parsed.success) {
    return metricError(`no checkpoint list (set checkpoints: or provide expected.${p.expected})`);
  }
  const reached = reach(input, parsed.data, p.order === 'ordered');
  const hits = reached.filter(Boolean).length;
  return {
    // An empty list has nothing to reach: 1, as tool_call_match with no call expected and contains
    // with nothing to look for (QA102: `expected.checkpoints: []` was a metric_error beside them).
    score: reached.length === 0 ? 1 : hits / reached.length,
    pass: hits === reached.length,
    details: {
      reached: hits,
      total: reached.length,
      missed: parsed.data.filter((_, i) => !reached[i]).map(checkpointLabel),
    },
  };
}

const base = {
  family: 'trajectory_quality',
  category: 'performance',
  // 2: an empty checkpoint list scores 1, not a metric_error (QA102).
  // 3: a phrase checkpoint and the assistant's messages are compared NFC (QA319).
  version: '3',
  higherIsBetter: true,
  stage: 'example',
  params,
} as const;

export const checkpoints: ExampleStageDefinition<z.output<typeof params>> = {
  ...base,
  type: 'checkpoints',
  description:
    'Share of expected key nodes (tool calls, phrases, states) the trajectory reached, as a set or in order',
  score: scoreCheckpoints,
};

export const progressRate: ExampleStageDefinition<z.output<typeof params>> = {
  ...base,
  type: 'progress_rate',
  description: 'Alias of checkpoints: share of expected key nodes reached',
  score: scoreCheckpoints,
};
