/**
 * Plan-time rubric tags of the agent-eval judges `planTimeJudgePins` does not ask: those that
 * send `headers` (a bearer token from the environment). `plan` asks their `GET /v1/rubrics` as
 * `apply` will — same URL, headers resolved from the environment, 2 s, no retry — so a rubric
 * registered on the server that changed plans the judge re-scores apply will do, instead of
 * "No changes". Header values are never printed: only judge ids reach the notes.
 *
 * A judge evalc starts (`serve:`), one reached over stdio (`command:`), or one whose header
 * variables are not set stays unasked: plan keeps its note and the tags pinned in evalc.lock.
 */
import type { JudgePins } from '../compiler/judge-pins.js';
import { pinsListed } from '../compiler/judge-pins.js';
import type { Plan } from '../plan/schema.js';
import { resolveSecrets } from '../plan/secrets.js';
import { createAgentEvalJudge } from '../protocols/agent-eval/agent-eval-judge.js';
import { HttpTransport } from '../protocols/http/transport.js';

export interface HeaderJudgeTags {
  pins: JudgePins;
  /** Asked, and did not list its rubrics. */
  unreachable: string[];
  /** Judge ids this module asked (answered or not): no longer "not asked at plan time". */
  asked: string[];
}

export async function listHeaderJudgeRubrics(
  plan: Plan,
  registered: ReadonlyMap<string, ReadonlySet<string>>,
  unasked: readonly string[],
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
): Promise<HeaderJudgeTags> {
  const out: HeaderJudgeTags = { pins: {}, unreachable: [], asked: [] };
  for (const id of unasked) {
    const config = plan.judges[id];
    const names = registered.get(id);
    if (config?.protocol !== 'agent-eval' || !config.url || config.serve || !config.headers || !names)
      continue;
    const headers = resolveSecrets(config.headers, env);
    if (!headers.ok) continue;
    out.asked.push(id);
    const transport = new HttpTransport({ timeoutMs: 2000, retries: 0, headers: headers.values });
    try {
      const client = createAgentEvalJudge(config, { cwd: '.', rubrics: plan.rubrics, transport });
      const listed = await client.listRubrics(signal);
      if (listed.ok)
        out.pins[id] = pinsListed(names, new Map(listed.rubrics.map((r) => [r.name, r.rubricVersion])));
      else out.unreachable.push(id);
    } finally {
      await transport.close();
    }
  }
  return out;
}
