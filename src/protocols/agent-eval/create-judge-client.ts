/**
 * The judge factory: a plan `judges:` entry → its JudgeClient. `protocol: agent-eval` speaks
 * the agent-eval wire protocol (stdio rpc when `command` is set, else HTTP at `url`);
 * `protocol: openai` is an LLM judge over an OpenAI-compatible API.
 * (Lives here because this folder owns the judge runtime; the lead may move it to
 * src/protocols/ unchanged.)
 */
import type { JudgeConfig } from '../../plan/schema.js';
import type { JudgeClient } from '../judge-types.js';
import { createOpenaiJudge } from '../openai-judge/openai-judge.js';
import { createAgentEvalJudge } from './agent-eval-judge.js';
import type { JudgeRuntime } from './judge-runtime.js';

export function createJudgeClient(config: JudgeConfig, runtime: JudgeRuntime): JudgeClient {
  switch (config.protocol) {
    case 'agent-eval':
      return createAgentEvalJudge(config, runtime);
    case 'openai':
      return createOpenaiJudge(config, runtime);
    default: {
      const unreachable: never = config.protocol;
      throw new Error(`unknown judge protocol ${String(unreachable)}`);
    }
  }
}
