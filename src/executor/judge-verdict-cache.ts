/**
 * A judge's verdicts cached by what the judge is asked (agent-eval A-notes: "cache judge results
 * keyed by (rubricVersion, content, context, model)"). A score step's key covers the whole
 * example, so an edit the judge never sees — a fixed `expected` label, a new note column — re-scores
 * its judge metrics; before QA54 each such re-score sent the same request to the judge again (an
 * LLM call, paid). The score is still recomputed (its key changed); the verdict comes from here
 * when the request is the same. The key holds the metric's digest (its config, the judge's identity,
 * the rubric and a registered rubric's tag), the step (agent/task/dataset/example#repeat: each
 * repeat keeps its own verdict, or `judge_stability` would measure a cache) and the request; a
 * failure is never kept, `--refresh` asks again, and a verdict is masked of the plan's secrets
 * before it is kept.
 */
import { sha256Hex } from '../compiler/content-key.js';
import { wireJson } from '../protocols/canonical-json.js';
import type { JudgeClient, JudgeOutcome, JudgeRequest, JudgeVerdict } from '../protocols/judge-types.js';
import { type Scrubber, scrubValue } from './scrub-values.js';
import type { StepStore } from './step-store.js';

const CODE = 'judge-verdict@1';

export interface VerdictCache {
  metricDigest: string;
  store: StepStore;
  refresh: boolean;
  scrubber: Scrubber;
}

/** The judge of one score step (`stepId`), answering from the cache a request it answered before. */
export function verdictCachingJudge(client: JudgeClient, options: VerdictCache, stepId: string): JudgeClient {
  // wireJson: the digestOf text, and an answer holding a lone surrogate (sent to the judge as its
  // `\uXXXX` escape) keyed as sent rather than refused (QA62: every judge metric failed on it).
  const keyOf = (request: JudgeRequest) =>
    `k1:${sha256Hex(wireJson({ kind: 'judge-verdict', code: CODE, metric: options.metricDigest, step: stepId, request }))}`;
  return {
    protocol: client.protocol,
    describe: (signal) => client.describe(signal),
    close: () => client.close(),
    async judge(request: JudgeRequest, signal: AbortSignal): Promise<JudgeOutcome> {
      const key = keyOf(request);
      const cached = options.refresh ? undefined : options.store.get<JudgeVerdict>(key);
      if (cached) return { ok: true, verdict: cached };
      const outcome = await client.judge(request, signal);
      if (outcome.ok) options.store.put(key, 'judge-verdict', scrubValue(options.scrubber, outcome.verdict));
      return outcome;
    },
  };
}
