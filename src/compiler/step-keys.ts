/**
 * Per-example steps of one agent × task × dataset group, generated as a stream: the rendered
 * input, and the keys of its invoke, extract and score steps. Downstream keys derive from
 * upstream keys and config digests (`deriveKey`), so a 100k-example plan never builds a
 * million-node graph.
 */
import type { TemplateError } from '../binding/template.js';
import {
  canonicalJson,
  type DerivedKeyText,
  derivedKeyText,
  digestOf,
  keyOf,
  sha256Hex,
} from './content-key.js';
import type { ResolvedExample } from './datasets.js';
import { renderExampleInput } from './example-input.js';
import type { ResolvedGroup, ResolvedMetric } from './resolve.js';

/** Versions of the code that computes each step kind; bump one to invalidate its cache. */
export const CODE_VERSIONS: CodeVersions = {
  invoke: 'invoke@1',
  extract: 'extract@1',
  score: 'score@1',
  aggregate: 'aggregate@1',
};

/** The code versions a step key is computed with: `CODE_VERSIONS`, or earlier ones (plan's reasons). */
export interface CodeVersions {
  readonly invoke: string;
  readonly extract: string;
  readonly score: string;
  readonly aggregate: string;
}

export interface GroupKeyConfig {
  /** Digest of the agent (identity: config + discovery pins), the agent, task and dataset ids, the task instructions and trace. */
  invokeConfigDigest: string;
  repeats: number;
  /** Digest of all metric configs of the task, thresholds and gates included: derived metrics (and only they) depend on them. */
  metricsDigest: string;
  /**
   * For an agent that is sent the task's instructions with some inputs only (mae: not with a
   * `task_description` of its own): which inputs, and the invoke digest of the others (no
   * instructions in it: editing them re-invokes none of those examples; QA74).
   */
  instructionsUnsent?: { isSent: (input: unknown) => boolean; invokeConfigDigest: string };
  /**
   * A wire tag (compile.ts `wireOf`) that some rendered inputs only carry (an openai input that is
   * one variable: the examples whose value streams, QA155): which inputs, and their invoke digest.
   */
  wiredFor?: { applies: (input: unknown) => boolean; invokeConfigDigest: string };
}

export interface ExampleSteps {
  example: ResolvedExample;
  repeat: number;
  /** Stable readable id: `agent/task/dataset/example#repeat`. */
  id: string;
  input?: unknown;
  renderError?: TemplateError;
  inputDigest?: string;
  invokeKey?: string;
  /** Its agent is sent the task's instructions with other inputs, not this one: they are not in its key (QA74). */
  instructionsUnsent?: true;
  extractKey?: string;
  /** Score step keys by metric id. */
  scoreKeys: Record<string, string>;
}

const EMPTY_SCRIPT = digestOf(null);

export function scriptDigest(example: ResolvedExample): string {
  const { turns, tools, policies, human } = example;
  if (turns === undefined && tools === undefined && policies === undefined && human === undefined)
    return EMPTY_SCRIPT;
  return digestOf({
    turns: turns ?? null,
    tools: tools ?? null,
    policies: policies ?? null,
    human: human ?? null,
  });
}

export function groupKeyConfig(
  group: ResolvedGroup,
  agentIdentityDigest: string,
  options: {
    trace: boolean;
    repeats: number;
    instructions?: string | undefined;
    /** Which rendered inputs the instructions reach, when not every one does. */
    instructionsSentFor?: ((input: unknown) => boolean) | undefined;
    wire?: string | undefined;
    /** A wire tag of the rendered inputs `applies` accepts only: it stands for `wire` in their key. */
    wireFor?: { wire: string; applies: (input: unknown) => boolean } | undefined;
  },
): GroupKeyConfig {
  const invokeDigest = (instructions: string | null, wire = options.wire) =>
    digestOf({
      agent: agentIdentityDigest,
      // Every agent × task × dataset × example × repeat is its own call, as `plan` counts them:
      // requests carry these ids (RAIP context, chat test_case_id), and two agents with the same
      // config may still differ by a header (not in the identity: it may hold a secret).
      agentId: group.agentId,
      taskId: group.taskId,
      datasetId: group.datasetId,
      instructions,
      trace: options.trace,
      // What the adapter sends beyond the rendered input, when that changed (compile.ts `wireOf`).
      ...(wire === undefined ? {} : { wire }),
    });
  const instructions = options.instructions ?? null;
  const { instructionsSentFor, wireFor } = options;
  return {
    invokeConfigDigest: invokeDigest(instructions),
    ...(instructions !== null && instructionsSentFor
      ? { instructionsUnsent: { isSent: instructionsSentFor, invokeConfigDigest: invokeDigest(null) } }
      : {}),
    ...(wireFor
      ? {
          wiredFor: {
            applies: wireFor.applies,
            invokeConfigDigest: invokeDigest(instructions, wireFor.wire),
          },
        }
      : {}),
    repeats: options.repeats,
    // What the task's pass depends on: each metric's digest and its threshold and gate.
    metricsDigest: digestOf(
      group.metrics.map((m) => ({
        digest: m.digest,
        threshold: (m.config as { threshold?: number }).threshold ?? null,
        gate: (m.config as { gate?: boolean }).gate ?? null,
      })),
    ),
  };
}

/** The fixed parts of a group's step keys (`derivedKeyText`): the same for each of its examples. */
interface GroupKeyTexts {
  group: ResolvedGroup;
  invoke: DerivedKeyText;
  /** The invoke text of an example its agent is not sent the instructions with (`instructionsUnsent`). */
  invokeUnsent?: DerivedKeyText;
  /** The invoke text of an example whose input carries the wire tag (`wiredFor`). */
  invokeWired?: DerivedKeyText;
  extract: DerivedKeyText;
  /** The metrics with a score step, in the group's metric order. */
  scores: { id: string; text: DerivedKeyText; derived: boolean }[];
}

/** By key config: `compile` builds one per group, and every example of the group uses it. */
const keyTextsByConfig = new WeakMap<GroupKeyConfig, GroupKeyTexts>();

function groupKeyTexts(group: ResolvedGroup, config: GroupKeyConfig, versions: CodeVersions): GroupKeyTexts {
  const current = versions === CODE_VERSIONS;
  const known = current ? keyTextsByConfig.get(config) : undefined;
  if (known?.group === group) return known;
  const texts: GroupKeyTexts = {
    group,
    invoke: derivedKeyText('invoke', versions.invoke, config.invokeConfigDigest),
    ...(config.instructionsUnsent
      ? {
          invokeUnsent: derivedKeyText(
            'invoke',
            versions.invoke,
            config.instructionsUnsent.invokeConfigDigest,
          ),
        }
      : {}),
    ...(config.wiredFor
      ? { invokeWired: derivedKeyText('invoke', versions.invoke, config.wiredFor.invokeConfigDigest) }
      : {}),
    extract: derivedKeyText('extract', versions.extract, group.outputDigest),
    scores: group.metrics.filter(hasScoreStep).map((metric) => ({
      id: metric.id,
      text: derivedKeyText('score', `${versions.score}/${metric.type}@${metric.version}`, metric.digest),
      derived: metric.info?.stage === 'derived',
    })),
  };
  if (current) keyTextsByConfig.set(config, texts);
  return texts;
}

/** Steps of one example (all repeats). */
export function exampleSteps(
  group: ResolvedGroup,
  config: GroupKeyConfig,
  example: ResolvedExample,
  /** Earlier code versions, to tell whether a lock's keys were computed with them (code-version-reason.ts). */
  versions: CodeVersions = CODE_VERSIONS,
): ExampleSteps[] {
  const rendered = renderExampleInput(group, example);
  const out: ExampleSteps[] = [];
  const inputDigest = rendered.ok ? sha256Hex(canonicalJson(rendered.value ?? null)) : '';
  const script = scriptDigest(example);
  const texts = groupKeyTexts(group, config, versions);
  const invokeText =
    texts.invokeUnsent && rendered.ok && !config.instructionsUnsent!.isSent(rendered.value)
      ? texts.invokeUnsent
      : texts.invokeWired && rendered.ok && config.wiredFor!.applies(rendered.value)
        ? texts.invokeWired
        : texts.invoke;
  for (let repeat = 0; repeat < config.repeats; repeat++) {
    const id = `${group.id}/${example.id}#${repeat}`;
    if (!rendered.ok) {
      out.push({ example, repeat, id, renderError: rendered.error, scoreKeys: {} });
      continue;
    }
    const invokeKey = keyOf(invokeText, [example.id, inputDigest, script, `r${repeat}`]);
    const extractKey = keyOf(texts.extract, [invokeKey]);
    const scoreKeys: Record<string, string> = {};
    for (const score of texts.scores) {
      // A derived metric (pass_rate) reads the other metrics' results; the others read only their input.
      scoreKeys[score.id] = keyOf(
        score.text,
        score.derived ? [extractKey, example.digest, config.metricsDigest] : [extractKey, example.digest],
      );
    }
    out.push({
      example,
      repeat,
      id,
      input: rendered.value,
      inputDigest,
      invokeKey,
      ...(invokeText === texts.invokeUnsent ? { instructionsUnsent: true as const } : {}),
      extractKey,
      scoreKeys,
    });
  }
  return out;
}

/** Example and derived metrics score each invocation; repeats and set metrics are computed by aggregate. */
export function hasScoreStep(metric: ResolvedMetric): boolean {
  return metric.info?.stage === 'example' || metric.info?.stage === 'derived';
}

/** Iterates over the steps of every example of a group. */
export function* groupSteps(group: ResolvedGroup, config: GroupKeyConfig): Generator<ExampleSteps> {
  for (const example of group.dataset.examples) yield* exampleSteps(group, config, example);
}
