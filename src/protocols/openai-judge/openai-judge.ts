/**
 * An LLM judge over any OpenAI-compatible server: `POST {url}/chat/completions` with a
 * JSON-schema-constrained reply (verdict-schema.ts), validated with ajv; the composite is
 * computed locally (Σwᵢsᵢ/Σwᵢ) and `rubricVersion` is the agent-eval tag of the rubric's wire
 * form, so one plan rubric has one version whichever judge applies it. A malformed reply is
 * retried once by default (the judge's `limits.retries` when set), then reported as `judge_error`. Temperature defaults to 0.
 * Servers that refuse `json_schema` are asked with `json_object`, then without `response_format`
 * (response-format-ladder.ts); a leading `<think>…</think>` block (reasoning models served
 * without a reasoning parser) is not part of the verdict (../openai/reasoning-text.ts); a reply
 * streamed as SSE is merged; the choice read is the one with `index: 0`.
 */
import type { JudgeConfig } from '../../plan/schema.js';
import {
  type JudgeRuntime,
  judgeErrorRetriesOf,
  judgeTimeoutMs,
  openJudgeTransport,
} from '../agent-eval/judge-runtime.js';
import { localRubric, withDefaultRubric } from '../agent-eval/rubric-selection.js';
import { emptyReplyError } from '../http/empty-reply.js';
import { serverSaid } from '../http/server-said.js';
import { describeTarget, type JsonResponse } from '../http/transport.js';
import type { JudgeClient, JudgeOutcome, JudgeRequest } from '../judge-types.js';
import {
  chatCompletionsUrl,
  failureInCompletion,
  firstChoice,
  isModelNotFound,
  readCompletionOf,
} from '../openai/chat-completion.js';
import { messageText } from '../openai/message-text.js';
import {
  refusesMaxTokens,
  SENT_AS_COMPLETION_TOKENS,
  type TokenLimitField,
  temperatureHint,
} from '../openai/reasoning-model-refusals.js';
import { splitReasoning } from '../openai/reasoning-text.js';
import { recoverStreamedReply } from '../openai/streamed-completion.js';
import { codePointCut } from '../quote-cut.js';
import { computeComposite } from '../rubrics/composite.js';
import { computeRubricVersion } from '../rubrics/rubric-version.js';
import type { StepError } from '../types.js';
import { buildJudgeMessages } from './judge-prompt.js';
import { readVerdict } from './read-verdict.js';
import {
  type FormatRung,
  responseFormatOf,
  rungAfterRefusal,
  rungWarning,
} from './response-format-ladder.js';
import { buildVerdictSchema, compileVerdictValidator, verdictSchemaName } from './verdict-schema.js';

const MAX_RAW_DETAIL = 2000;

export interface OpenaiJudgeClient extends JudgeClient {
  readonly protocol: 'openai';
}

type Attempt = { ok: true; outcome: JudgeOutcome } | { ok: false; malformed: string; raw: string };

export function createOpenaiJudge(config: JudgeConfig, runtime: JudgeRuntime): OpenaiJudgeClient {
  const { transport, owned, headerError } = openJudgeTransport(config, runtime);
  const retries = judgeErrorRetriesOf(config, runtime);
  const timeoutMs = judgeTimeoutMs(config, runtime);
  const base = (config.url ?? '').replace(/\/+$/, '');
  const target = chatCompletionsUrl(base);
  const where = describeTarget('POST', target);
  // an error inside a 200 is retried as a 500 is, as for the openai agent (QA214)
  const inside = failureInCompletion(where);
  const validators = new Map<string, ReturnType<typeof compileVerdictValidator>>();
  /** The response format this server accepted last (shared by the judge's calls). */
  let rung: FormatRung = 'json_schema';
  /**
   * How `maxTokens` is sent to each model: `max_completion_tokens` once it refused `max_tokens`
   * (QA116); a metric's `judge_config.judge_model` may name another model on the same server (QA120).
   */
  const tokenFields = new Map<string, TokenLimitField>();

  async function judge(original: JudgeRequest, signal: AbortSignal): Promise<JudgeOutcome> {
    const request = withDefaultRubric(original, config.rubric);
    if (config.url === undefined)
      return configError('openai judge needs `url` (an OpenAI-compatible base URL)');
    if (headerError !== undefined) return configError(`${where}: ${headerError}`);
    const model = request.model ?? config.model;
    if (model === undefined) return configError(`${where}: the openai judge needs \`model\``);
    const local = localRubric(request, runtime.rubrics);
    if (!local) {
      return configError(
        `openai judge: rubric "${request.rubric.name}" is neither defined under rubrics: nor built in`,
      );
    }
    const rubric = local.wire;
    const rubricVersion = computeRubricVersion(rubric);
    let validate = validators.get(rubricVersion);
    if (!validate) {
      validate = compileVerdictValidator(rubric);
      validators.set(rubricVersion, validate);
    }
    const check = validate;
    const jsonSchema = { name: verdictSchemaName(rubric), strict: true, schema: buildVerdictSchema(rubric) };
    const messages = buildJudgeMessages(rubric, request);
    const temperature = request.temperature ?? config.temperature;
    const bodyFor = (at: FormatRung, field: TokenLimitField) => {
      const plainBody = {
        model,
        temperature: temperature ?? 0,
        ...(config.maxTokens === undefined ? {} : { [field]: config.maxTokens }),
        messages,
      };
      const responseFormat = responseFormatOf(at, jsonSchema);
      return responseFormat === undefined ? plainBody : { ...plainBody, response_format: responseFormat };
    };
    /** One call; a refusal of the response format steps down the ladder and asks again. */
    const ask = async (): Promise<{ reply: JsonResponse; at: FormatRung; field: TokenLimitField }> => {
      let at = rung;
      let field = tokenFields.get(model) ?? 'max_tokens';
      for (;;) {
        const reply = recoverStreamedReply(
          await transport.requestJson({
            method: 'POST',
            url: target,
            body: bodyFor(at, field),
            signal,
            timeoutMs,
            failureIn2xx: inside,
          }),
          where,
        );
        // checked on what this call sent: concurrent calls may have sent max_tokens before the first refusal
        if (config.maxTokens !== undefined && field === 'max_tokens' && refusesMaxTokens(reply)) {
          if (signal.aborted) return { reply, at, field };
          field = 'max_completion_tokens';
          tokenFields.set(model, field);
          continue;
        }
        const next = rungAfterRefusal(at, reply);
        if (next === undefined || signal.aborted) return { reply, at, field };
        at = next;
        if (rung === 'json_schema' || (rung === 'json_object' && next === 'none')) rung = next;
      }
    };
    const interpret = (reply: JsonResponse, at: FormatRung, field: TokenLimitField): Attempt => {
      if (!reply.ok) {
        const error = mapHttpError(where, reply, model);
        const hint = temperatureHint(reply, temperature !== undefined);
        // Refused so though sent as max_completion_tokens (a proxy mapping it back), as the agent says (QA135).
        const sent =
          field === 'max_completion_tokens' && refusesMaxTokens(reply) ? SENT_AS_COMPLETION_TOKENS : '';
        return {
          ok: true,
          outcome: { ok: false, error: { ...error, message: `${error.message}${sent}${hint}` } },
        };
      }
      // a 204 or an empty 202 is no completion, as for the openai agent (cdc6945), not one without
      // choices (QA190: contract_violation 'chat completion has no choices[0].message')
      const empty = emptyReplyError(target, reply);
      if (empty) return { ok: true, outcome: { ok: false, error: empty } };
      // No choice with a message — `choices: []`, a gateway's error answered with 200 — is the
      // server's failure, as for the openai agent (`http_<code>`, else contract_violation), not a
      // model's malformed verdict (QA73: judge_error "no message content", the server's words lost).
      const completion = readCompletionOf(reply);
      if (!completion.ok)
        return {
          ok: true,
          outcome: {
            ok: false,
            error: { ...completion.error, message: `${where}: ${completion.error.message}` },
          },
        };
      const choice = firstMessage(reply.body);
      if (choice.refusal !== undefined)
        return { ok: false, malformed: `refused: ${codePointCut(choice.refusal, 200)}`, raw: choice.refusal };
      // A reply cut at the token limit is named as such: "not JSON" would send the user hunting.
      const cut =
        choice.finishReason === 'length'
          ? `, cut off at the token limit (finish_reason: length; ${config.maxTokens === undefined ? "set the judge's maxTokens" : `the judge's maxTokens is ${config.maxTokens}`})`
          : choice.finishReason !== undefined && choice.finishReason !== 'stop'
            ? `, finish_reason: ${codePointCut(choice.finishReason, 40)}` // content_filter, tool_calls… (QA130: at a code point)
            : '';
      if (choice.content === undefined)
        return {
          ok: false,
          malformed: `${choice.reasoningOnly ? `only reasoning, no answer after it${verdictInReasoning(choice.reasoningOnly, check)}` : 'no message content'}${cut}`,
          raw: choice.reasoningOnly ?? reply.text,
        };
      const checked = readVerdict(choice.content, check);
      // read from a tool call's arguments (QA73), said so: "(root) must have …" alone named no source (QA347)
      const source =
        choice.toolCall === undefined
          ? ''
          : ` (read from the arguments of its tool call${choice.toolCall === '' ? '' : ` ${JSON.stringify(codePointCut(choice.toolCall, 60))}`}, sent instead of content)`;
      if (!checked.ok)
        return { ok: false, malformed: `${checked.problem}${source}${cut}`, raw: choice.content };
      const { verdict } = checked;
      const warning = rungWarning(at);
      return {
        ok: true,
        outcome: {
          ok: true,
          verdict: {
            score: computeComposite(rubric.dimensions, verdict.dimensions),
            dimensions: verdict.dimensions,
            failureModes: verdict.failureModes,
            rationale: verdict.rationale,
            rubricVersion,
            model: choice.model ?? model,
            ...(warning === undefined ? {} : { warnings: [warning] }),
          },
        },
      };
    };
    let last: { malformed: string; raw: string } = { malformed: 'no reply', raw: '' };
    let attempts = 0;
    while (attempts <= retries) {
      const { reply, at, field } = await ask();
      attempts++;
      const result = interpret(reply, at, field);
      if (result.ok) return result.outcome;
      last = result;
      // None asked again after the run's first Ctrl-C, as over HTTP (QA173).
      if (signal.aborted || runtime.stopRetries?.aborted) break;
    }
    return {
      ok: false,
      error: {
        kind: 'judge_error',
        message: `${where}: the judge model's reply is not a valid verdict after ${attempts} attempt${attempts === 1 ? '' : 's'} (${last.malformed})`,
        retryable: false,
        details: { raw: codePointCut(last.raw, MAX_RAW_DETAIL) },
      },
    };
  }

  return {
    protocol: 'openai',
    async describe() {
      if (config.url === undefined) return configError('openai judge needs `url`');
      return { ok: true, info: {} };
    },
    judge,
    async close() {
      if (owned) await transport.close();
    },
  };
}

function configError(message: string): { ok: false; error: StepError } {
  return { ok: false, error: { kind: 'config_error', message, retryable: false } };
}

interface FirstMessage {
  /** The answer: the content without a leading `<think>` block. */
  content?: string;
  /** The reasoning, when the content held nothing else (a `<think>` cut at the token limit, or only `reasoning_content`). */
  reasoningOnly?: string;
  refusal?: string;
  model?: string;
  finishReason?: string;
  /** The content is the arguments of this tool call's (its name, or ''): `content` was empty. */
  toolCall?: string;
}

function firstMessage(body: unknown): FirstMessage {
  const out: FirstMessage = {};
  if (typeof body !== 'object' || body === null) return out;
  const { choices, model } = body as { choices?: unknown; model?: unknown };
  if (typeof model === 'string') out.model = model;
  const first = firstChoice(choices) as
    | {
        message?: {
          content?: unknown;
          refusal?: unknown;
          reasoning_content?: unknown;
          reasoning?: unknown;
          tool_calls?: unknown;
        };
        finish_reason?: unknown;
      }
    | undefined;
  if (typeof first?.finish_reason === 'string') out.finishReason = first.finish_reason;
  const message = first?.message;
  const split = splitReasoning(messageText(message?.content));
  if (split.answer !== null && split.answer.trim() !== '') out.content = split.answer;
  else if (split.reasoning !== undefined) out.reasoningOnly = split.reasoning;
  else if (typeof message?.reasoning_content === 'string' && message.reasoning_content !== '')
    out.reasoningOnly = message.reasoning_content;
  // OpenRouter's and Ollama's name for it (QA73: "no message content" for a judge that only thought).
  else if (typeof message?.reasoning === 'string' && message.reasoning !== '')
    out.reasoningOnly = message.reasoning;
  else if (split.answer !== null) out.content = split.answer;
  if ((out.content ?? '').trim() === '' && out.reasoningOnly === undefined) {
    const args = toolCallArguments(message?.tool_calls);
    if (args !== undefined) {
      out.content = args.text;
      out.toolCall = args.name;
    }
  }
  if (typeof message?.refusal === 'string' && message.refusal !== '') out.refusal = message.refusal;
  return out;
}

/**
 * A reasoning that is itself the whole verdict, with no answer after it: a server whose reasoning
 * parser took the answer for thoughts (vLLM's for a model served with thinking off, which writes
 * no `<think>`). Still not taken for the verdict (a draft in the thoughts is not the answer), but
 * the message says where to look (QA73).
 */
function verdictInReasoning(reasoning: string, check: Parameters<typeof readVerdict>[1]): string {
  const trimmed = reasoning.trim();
  if (!trimmed.startsWith('{') || !trimmed.endsWith('}')) return '';
  return readVerdict(trimmed, check).ok
    ? " (the reasoning is a whole verdict: the server's reasoning parser may have taken the answer for thoughts — serve the judge model without it, or with thinking on)"
    : '';
}

/**
 * The arguments of the one tool call a message made instead of answering (QA73): gateways that
 * implement `response_format` with a forced tool (LiteLLM's `json_tool_call` for Anthropic and
 * Bedrock models) and tool-happy local templates hand the verdict back that way, with `content`
 * null. Read as the reply's text (a JSON string, or Ollama's object); still checked as a verdict.
 * Several tool calls are not one verdict: undefined.
 */
function toolCallArguments(calls: unknown): { text: string; name: string } | undefined {
  if (!Array.isArray(calls) || calls.length !== 1) return undefined;
  const fn = (calls[0] as { function?: { arguments?: unknown; name?: unknown } } | null)?.function;
  const args = fn?.arguments;
  const name = typeof fn?.name === 'string' ? fn.name : '';
  if (typeof args === 'string') return args.trim() === '' ? undefined : { text: args, name };
  if (typeof args === 'object' && args !== null && !Array.isArray(args))
    return { text: JSON.stringify(args), name };
  return undefined;
}

function mapHttpError(where: string, reply: Extract<JsonResponse, { ok: false }>, model: string): StepError {
  const said = serverSaid(reply.body, reply.text);
  const suffix = said ? `: ${said}` : '';
  switch (reply.status) {
    case 401:
    case 403:
      return {
        kind: 'auth_error',
        message: `${where}: HTTP ${reply.status}; check the judge's headers${suffix}`,
        retryable: false,
      };
    case 404:
      if (isModelNotFound(reply.body))
        return {
          kind: 'config_error',
          message: `${where}: HTTP 404; the server does not serve model "${model.slice(0, 120)}" (check \`model\` against GET /v1/models)${suffix}`,
          retryable: false,
        };
      return {
        kind: 'endpoint_not_found',
        message: `${where}: HTTP 404; is url the /v1 base of an OpenAI-compatible API?${suffix}`,
        retryable: false,
      };
    case 400:
    case 422:
      return { kind: 'config_error', message: `${where}: HTTP ${reply.status}${suffix}`, retryable: false };
    default:
      return said ? { ...reply.error, message: `${reply.error.message}${suffix}` } : reply.error;
  }
}
