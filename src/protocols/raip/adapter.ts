/**
 * The RAIP adapter (shared/protocols/raip.md): `GET {url}/info` negotiates the input schema
 * (Ajv 2020-12, digest over RFC 8785), `POST {url}/invoke {input, context}` runs one attempt.
 * Request bodies are canonical JSON (R14). `raw` is kept only when the run traces (R12/R13).
 */

import type { RaipAgentConfig } from '../../plan/schema.js';
import { emptyReplyError } from '../http/empty-reply.js';
import { normalizeUsage } from '../http/normalize-usage.js';
import { errorWithServerSaid, serverSaid } from '../http/server-said.js';
import { failed, isJsonObject, newTrajectory } from '../http/trajectory.js';
import { describeTarget, type HttpTransport, type JsonResponse } from '../http/transport.js';
import { joinUrlPath } from '../http/url-path.js';
import { localRefusal } from '../local-refusal.js';
import { pythonReprHint } from '../python-repr.js';
import { codePointCut } from '../quote-cut.js';
import { agentSaidSuffix, replyErrorText } from '../reply-error-field.js';
import { twiceEncodedSuffix } from '../twice-encoded.js';
import type {
  AgentAdapter,
  DiscoverOutcome,
  Discovery,
  InvokeContext,
  InvokeOutcome,
  StepError,
} from '../types.js';
import { numberPrecisionEvents } from '../unsafe-integer.js';
import { raipBaseUrlHint } from './base-url-hint.js';
import { describeAjvErrors } from './describe-ajv-errors.js';
import { digestMismatchHint } from './digest-hint.js';
import {
  type CompiledInputSchema,
  compileInputSchema,
  type InputValidation,
  sameDigest,
} from './input-schema.js';
import { failureInInvoke, transientStatusInBody } from './status-in-body.js';

/**
 * What the lockfile pins. `/info` is asked with If-None-Match only when `etag` is pinned and a
 * schema is at hand to reuse on 304 (`inputSchema`, or an earlier negotiation of this adapter);
 * otherwise it is fetched in full. A 304 discovery echoes the pinned (or earlier) name/version.
 */
export interface RaipPinned {
  etag?: string;
  schemaDigest?: string;
  inputSchema?: unknown;
  name?: string;
  version?: string;
}

export interface RaipAdapter extends AgentAdapter {
  readonly protocol: 'raip';
  discover(signal: AbortSignal, pinned?: RaipPinned): Promise<DiscoverOutcome>;
  /** Adopts a schema without a network call (e.g. the locked one for an offline plan check). */
  useSchema(inputSchema: unknown): DiscoverOutcome;
  /** Validates a rendered input against the negotiated schema (R5). Throws if nothing was negotiated. */
  validateInput(input: unknown): InputValidation;
}

export interface RaipRuntime {
  transport: HttpTransport;
}

/** Response headers an agent may use to report its own schema digest. */
const DIGEST_HEADERS = ['x-schema-digest', 'x-raip-schema-digest', 'schema-digest'];

export function createRaipAdapter(config: RaipAgentConfig, runtime: RaipRuntime): RaipAdapter {
  const base = config.url.replace(/\/+$/, '');
  // Built once: the transport caches parsed targets by URL string.
  const invokeUrl = joinUrlPath(base, '/invoke');
  const tracedInvokeUrl = joinUrlPath(base, '/invoke', { trace: 'true' });
  const invokeFailureIn2xx = failureInInvoke(describeTarget('POST', invokeUrl));
  const infoUrl = joinUrlPath(base, '/info');
  const { transport } = runtime;
  let schema: { compiled: CompiledInputSchema; source: unknown } | undefined;
  let identity: { name?: string; version?: string } | undefined;

  function adopt(
    inputSchema: unknown,
    extra: Omit<Discovery, 'inputSchema' | 'schemaDigest'>,
  ): DiscoverOutcome {
    const compiled = compileInputSchema(inputSchema);
    if (!compiled.ok)
      return { ok: false, error: { kind: 'contract_violation', message: compiled.reason, retryable: false } };
    schema = { compiled: compiled.compiled, source: inputSchema };
    const discovery: Discovery = { ...extra, inputSchema, schemaDigest: compiled.compiled.digest };
    const { ignoredFormats, uncheckedPatterns } = compiled.compiled;
    const warnings: string[] = [];
    if (ignoredFormats.length > 0)
      warnings.push(
        `inputSchema names format${ignoredFormats.length === 1 ? '' : 's'} ${ignoredFormats.map((f) => `"${f}"`).join(', ')} that evalc does not know: not checked before sending`,
      );
    if (uncheckedPatterns.length > 0)
      warnings.push(
        `inputSchema pattern${uncheckedPatterns.length === 1 ? '' : 's'} ${uncheckedPatterns.map((p) => JSON.stringify(p)).join(', ')} could take exponential time and RE2 cannot run ${uncheckedPatterns.length === 1 ? 'it' : 'them'}: inputs are not checked before sending (the agent still validates them)`,
      );
    if (warnings.length > 0) discovery.warnings = warnings;
    return { ok: true, discovery };
  }

  const adapter: RaipAdapter = {
    protocol: 'raip',

    async discover(signal, pinned) {
      const reusable = pinned?.inputSchema ?? schema?.source;
      const conditional = pinned?.etag !== undefined && reusable !== undefined;
      const reply = await transport.requestJson({
        noStream: 'a raip agent',
        method: 'GET',
        url: infoUrl,
        signal,
        ...(conditional ? { headers: { 'if-none-match': pinned.etag as string } } : {}),
      });
      if (!reply.ok) {
        const error = errorWithServerSaid(reply);
        return {
          ok: false,
          error: { ...error, message: error.message + raipBaseUrlHint(config.url, reply.status) },
        };
      }
      if (reply.status === 304) {
        // A 304 answers a conditional GET only (RFC 9110 §15.4.5): unasked, there is no schema to
        // reuse, and "inputSchema must be a JSON Schema" blamed one the agent never sent (QA340).
        if (!conditional)
          return {
            ok: false,
            error: {
              kind: 'contract_violation',
              message: `${describeTarget('GET', infoUrl)}: answered 304 Not Modified, but evalc sent no If-None-Match (it holds no schema of this agent to reuse): /info must answer 200 with the agent's inputSchema`,
              retryable: false,
            },
          };
        // A 304 carries the ETag a 200 would (RFC 9110 §15.4.5): one naming another than evalc sent
        // ("B" to If-None-Match "A") says the schema changed while saying it did not, and was taken
        // for the locked schema, "B" pinned and warned "ETag changed … with the same input schema",
        // which nothing had shown (QA347). /info is asked again without If-None-Match.
        const answered = reply.headers.etag;
        if (answered !== undefined && opaqueTag(answered) !== opaqueTag(pinned.etag as string)) {
          const { etag: _sent, ...unpinned } = pinned;
          const again = await adapter.discover(signal, unpinned);
          if (!again.ok) return again;
          const asked = `${describeTarget('GET', infoUrl)} answered 304 Not Modified with ETag ${answered} to If-None-Match ${pinned.etag} (a 304 repeats the ETag it matched, RFC 9110): evalc asked again without If-None-Match and read the schema it answered`;
          const warnings = [asked, ...(again.discovery.warnings ?? [])];
          return { ok: true, discovery: { ...again.discovery, warnings } };
        }
        const etag = answered ?? pinned?.etag;
        const extra: Omit<Discovery, 'inputSchema' | 'schemaDigest'> = { notModified: true };
        if (etag !== undefined) extra.etag = etag;
        const name = pinned?.name ?? identity?.name;
        const version = pinned?.version ?? identity?.version;
        if (name !== undefined) extra.name = name;
        if (version !== undefined) extra.version = version;
        return adopt(reusable, extra);
      }
      // a 204 or an empty 202 is no JSON, not a document without a schema (QA190)
      const empty = emptyReplyError(infoUrl, reply, 'GET');
      if (empty) return { ok: false, error: empty };
      const info = reply.body;
      if (!isJsonObject(info) || !('inputSchema' in info)) {
        return {
          ok: false,
          error: {
            kind: 'contract_violation',
            message: `${describeTarget('GET', infoUrl)}: reply has no inputSchema${otherSchemaKey(info)}${twiceEncodedSuffix(info)}`,
            retryable: false,
          },
        };
      }
      const extra: Omit<Discovery, 'inputSchema' | 'schemaDigest'> = {};
      if (typeof info.name === 'string') extra.name = info.name;
      // A number is a version too (`"version": 2` from a Python agent): dropped, a bump re-invoked nothing (QA143).
      if (typeof info.version === 'string') extra.version = info.version;
      else if (typeof info.version === 'number' && Number.isFinite(info.version)) {
        extra.version = String(info.version);
        extra.numericVersion = true;
      }
      if (reply.headers.etag !== undefined) extra.etag = reply.headers.etag;
      const outcome = adopt(info.inputSchema, extra);
      if (!outcome.ok) return outcome;
      identity = {
        ...(extra.name === undefined ? {} : { name: extra.name }),
        ...(extra.version === undefined ? {} : { version: extra.version }),
      };
      const reported = reportedDigest(info, reply.headers);
      const computed = outcome.discovery.schemaDigest as string;
      if (reported !== undefined && !sameDigest(reported, computed)) {
        schema = undefined;
        return {
          ok: false,
          error: {
            kind: 'contract_violation',
            message: `agent reports schema digest ${reported} but its inputSchema hashes to ${computed}${digestMismatchHint(reported, info.inputSchema)}`,
            retryable: false,
            details: { reportedDigest: reported, computedDigest: computed },
          },
        };
      }
      return outcome;
    },

    useSchema(inputSchema) {
      return adopt(inputSchema, {});
    },

    validateInput(input) {
      if (!schema) throw new Error('raip: validateInput called before discover() or useSchema()');
      return schema.compiled.validate(input);
    },

    async invoke(input: unknown, ctx: InvokeContext): Promise<InvokeOutcome> {
      if (schema) {
        const local = schema.compiled.validate(input);
        if (!local.ok) {
          return failed(
            localRefusal(
              `input does not match the agent's inputSchema (${local.errors.length} error(s): ${describeAjvErrors(local.errors)}); not sent`,
              { ajvErrors: local.errors },
            ),
          );
        }
      }
      // Built in key order, as the canonical body is written (nothing to sort per request). The
      // task's `instructions` are a plan-defined key (raip.md: "plus plan-defined keys"): the
      // invoke key covers them, so they reach the agent rather than only changing the key.
      const context = {
        attempt: ctx.repeat,
        datasetId: ctx.datasetId,
        exampleId: ctx.example.id,
        ...(ctx.instructions ? { instructions: ctx.instructions } : {}),
        runId: ctx.runId,
        taskId: ctx.taskId,
        trace: ctx.trace,
      };
      const reply = await transport.requestJson({
        noStream: 'a raip agent',
        method: 'POST',
        url: ctx.trace ? tracedInvokeUrl : invokeUrl,
        body: { context, input },
        signal: ctx.signal,
        failureIn2xx: invokeFailureIn2xx,
        // every failure it finds is an `{"error": …}` body: a reply without that text gives its slot on as read
        failureIn2xxMarker: '"error"',
        ...(ctx.releaseSlot ? { onReplyRead: ctx.releaseSlot } : {}),
      });
      if (!reply.ok) return failed(invokeError(ctx.trace ? reply : withoutRaw(reply)));
      // a 204 or an empty 202 is no JSON reply, not one without output (QA185, as chat's, 4db31e8)
      const empty = emptyReplyError(invokeUrl, reply);
      if (empty) return failed(empty);
      const body = reply.body;
      const transient = transientStatusInBody(describeTarget('POST', invokeUrl), body, reply.headers);
      if (transient) return failed(transient);
      if (!isJsonObject(body) || !('output' in body)) {
        return failed({
          kind: 'contract_violation',
          message: `${describeTarget('POST', invokeUrl)}: reply has no output${agentSaidSuffix(body)}${twiceEncodedSuffix(body)}`,
          retryable: false,
        });
      }
      const response: Record<string, unknown> = { output: body.output, usage: body.usage ?? null };
      const trajectory = newTrajectory(response);
      trajectory.turns = 1;
      trajectory.usage = normalizeUsage(body.usage);
      trajectory.events.push(...numberPrecisionEvents(reply.text, 0));
      // An error beside the output (a partial answer, an upstream's warning): the output is the
      // answer (R6), and the error is kept in the response and warned, where it was dropped (QA347).
      const { error } = body;
      if (!noError(error)) {
        response.error = error;
        const said = replyErrorText(body);
        trajectory.events.push({
          turn: 0,
          type: 'compat_warning',
          data: { warning: 'error_beside_output', ...(said === undefined ? {} : { said }) },
        });
      }
      if (ctx.trace && 'raw' in body) {
        response.raw = body.raw;
        trajectory.raw = body.raw;
      }
      return { ok: true, trajectory };
    },

    async close() {
      await transport.close();
    },
  };
  return adapter;
}

/**
 * An `error` beside the output that says there is none: absent, `null`, `""`, `false`, `0` (an
 * errno's success) or empty, `{}`, `[]` (QA354: those last three were warned on every answer).
 */
function noError(error: unknown): boolean {
  if (error === undefined || error === null || error === '' || error === false || error === 0) return true;
  return typeof error === 'object' && Object.keys(error).length === 0;
}

/** An entity tag without its weak mark: If-None-Match compares them weakly (RFC 9110 §13.1.2). */
function opaqueTag(etag: string): string {
  return etag.trim().replace(/^W\//, '');
}

function reportedDigest(info: Record<string, unknown>, headers: Record<string, string>): string | undefined {
  if (typeof info.schemaDigest === 'string') return info.schemaDigest;
  for (const name of DIGEST_HEADERS) {
    const value = headers[name];
    if (value !== undefined) return value;
  }
  return undefined;
}

/** RAIP error surface: 400 → contract_error (+ ajvErrors), 422 → semantic_mismatch (R8/R9). */
function invokeError(reply: Extract<JsonResponse, { ok: false }>): StepError {
  const body = isJsonObject(reply.body) ? reply.body : undefined;
  let said = typeof body?.error === 'string' ? `: ${codePointCut(body.error, 200)}` : '';
  if (reply.status === 400) {
    // Ajv's list, as the paper names it; one error sent bare (a string, an object) is a list of one
    // (QA204: `"ajvErrors": "query too short"` read '0 ajv error(s)', and a list of strings named none)
    // (one that names nothing, `""` or `{}`, is none: QA210)
    const sent = body?.ajvErrors;
    const ajvErrors: unknown[] = Array.isArray(sent) ? sent : describeAjvErrors([sent]) === '' ? [] : [sent];
    const listed = describeAjvErrors(ajvErrors);
    // A 400 without ajvErrors (an RFC 9457 problem+json `detail`, FastAPI's HTTPException, an
    // HTML page) says why in its own words: before QA63 only `{"error": "…"}` was quoted; so does
    // one whose ajvErrors name nothing (QA210: `[{}]`, and since 8537430 `""`, lost the words).
    if (said === '' && listed === '') {
      const words = serverSaid(reply.body, reply.text);
      if (words !== '') said = `: ${words}`;
    }
    return {
      kind: 'contract_error',
      message: `agent rejected the input (400, ${ajvErrors.length} ajv error(s)${listed === '' ? '' : `: ${listed}`})${said}`,
      retryable: false,
      details: { source: 'agent', ajvErrors },
    };
  }
  if (reply.status === 422) {
    // FastAPI answers 422 when evalc's request does not fit the agent's pydantic model
    const said422 = serverSaid(reply.body, reply.text);
    return {
      kind: 'semantic_mismatch',
      message: `agent reported a semantic mismatch (422)${said422 === '' ? '' : `: ${said422}`}`,
      retryable: false,
    };
  }
  const error = errorWithServerSaid(reply);
  if (error.kind === 'invalid_json' && reply.text !== undefined) error.message += pythonReprHint(reply.text);
  return error;
}

/**
 * A failed reply as it may be quoted without `run.trace`: a JSON object's `raw` (the provider
 * payload RAIP hides by default, R12) left out of the body and its text, which an error message
 * quotes when the agent gave no `error`/`detail`/`message` (QA143).
 */
function withoutRaw(reply: Extract<JsonResponse, { ok: false }>): Extract<JsonResponse, { ok: false }> {
  if (!isJsonObject(reply.body) || !Object.hasOwn(reply.body, 'raw')) return reply;
  // Said in its place: a body of raw alone was quoted `HTTP 404: {}`, as if the agent sent nothing (QA151).
  const body = { ...reply.body, raw: RAW_LEFT_OUT };
  return { ...reply, body, text: JSON.stringify(body) };
}

const RAW_LEFT_OUT = '(left out: run.trace is off)';

/** Keys a `/info` reply may have put its schema under instead of RAIP's `inputSchema` (QA96). */
const SCHEMA_KEY_SPELLINGS = [
  'input_schema',
  'inputschema',
  'InputSchema',
  'input-schema',
  'schema',
  'parameters',
];

/** ` (it has input_schema: RAIP names the field inputSchema)`, or nothing. */
function otherSchemaKey(info: unknown): string {
  if (!isJsonObject(info)) return '';
  const found = SCHEMA_KEY_SPELLINGS.find((k) => Object.hasOwn(info, k));
  return found === undefined ? '' : ` (it has ${found}: RAIP names the field inputSchema)`;
}
