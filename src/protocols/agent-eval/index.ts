/** Public surface of the judge clients (agent-eval wire protocol, OpenAI-compatible LLM judge). */

export { createOpenaiJudge, type OpenaiJudgeClient } from '../openai-judge/openai-judge.js';
export { type AgentEvalJudgeClient, createAgentEvalJudge, type RubricListing } from './agent-eval-judge.js';
export { createJudgeClient } from './create-judge-client.js';
export { DEFAULT_JUDGE_TIMEOUT_MS, type JudgeRuntime, judgeTimeoutMs } from './judge-runtime.js';
