/**
 * A1 — the "function-calling" Course Advisor, speaking RAIP (shared/protocols/raip.md §4.2).
 *
 *   GET  /info    → {name, version, description, capabilities, inputSchema, schemaDigest}
 *                   ETag: "<first 16 hex of sha256(JCS(inputSchema))>"; If-None-Match → 304
 *   POST /invoke  {input, context} → {output: {answer, mode, courses, tool_calls}, usage, raw?}
 *                   400 {error, ajvErrors[]} when input breaks the schema,
 *                   422 {error, reason} for a semantic mismatch (no or unknown course code in details mode)
 *
 * Deterministic and offline: one catalog function per request, chosen from `mode` (or from
 * the query when `mode` is absent). `raw` is returned only with `?trace=true` or
 * `context.trace: true`. PORT from env (default 7101; 0 = ephemeral), 127.0.0.1 only.
 *
 * Known weakness, kept on purpose so the benchmark has misses: when building the
 * `search_courses` arguments A1 drops digits from the query, so credit filters
 * ("4-credit math courses") are lost; it also ignores completed courses mentioned in the
 * text (it honours only the structured `completed` field).
 */
import { createHash } from 'node:crypto';
import { A1_INPUT_SCHEMA, validateA1Input } from './a1-input-schema.mjs';
import { getCourse, recommendPath, searchCourses } from './catalog.mjs';
import { estimateTokens, isEntryPoint, listenOnLoopback, readJsonBody, sendJson } from './json-http.mjs';

export const A1_NAME = 'course-advisor-a1';
export const A1_VERSION = '1.0.0';

/** RFC 8785 canonical JSON for plain JSON data (sorted keys by UTF-16 code units). */
export function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const SCHEMA_HEX = createHash('sha256').update(canonicalJson(A1_INPUT_SCHEMA)).digest('hex');
export const A1_SCHEMA_DIGEST = `sha256:${SCHEMA_HEX}`;
export const A1_ETAG = `"${SCHEMA_HEX.slice(0, 16)}"`;

export function describeA1() {
  return {
    name: A1_NAME,
    version: A1_VERSION,
    description:
      'Course Advisor (function-calling style): searches the catalog, explains a course, or recommends a career path.',
    capabilities: ['search_courses', 'get_course', 'recommend_path'],
    inputSchema: A1_INPUT_SCHEMA,
    schemaDigest: A1_SCHEMA_DIGEST,
  };
}

const CODE_PATTERN = /\b([A-Za-z]{2,4})\s?(\d{3})\b/;
const PATH_PATTERN = /\b(become|career|path|job as|work as)\b/i;

function inferMode(query) {
  if (CODE_PATTERN.test(query)) return 'details';
  if (PATH_PATTERN.test(query)) return 'path';
  return 'search';
}

/**
 * Answer one valid input. Pure.
 * @returns {{status: 200, output: object} | {status: 422, error: string, reason: string}}
 */
export function answerA1(input) {
  const mode = input.mode ?? inferMode(input.query);
  if (mode === 'search') {
    const args = { query: input.query.replace(/\d+/g, '').trim() };
    const courses = searchCourses(args.query);
    const answer =
      courses.length === 0
        ? `No courses match "${input.query}".`
        : `Found ${courses.length} course(s) matching "${input.query}": ` +
          courses.map((c) => `${c.code} ${c.title} (${c.credits} credits)`).join('; ') +
          '.';
    return ok(mode, answer, courses, [{ name: 'search_courses', arguments: args }]);
  }
  if (mode === 'details') {
    const match = input.code ?? CODE_PATTERN.exec(input.query)?.[0];
    if (match === undefined)
      return { status: 422, error: 'details mode needs a course code', reason: 'missing_course_code' };
    const code = match.replace(/\s+/g, '').toUpperCase();
    const course = getCourse(code);
    if (!course) return { status: 422, error: `unknown course code ${code}`, reason: 'unknown_course' };
    const prerequisites = course.prerequisites.length > 0 ? course.prerequisites.join(', ') : 'none';
    const answer =
      `${course.code} ${course.title}: ${course.credits} credits, ${course.level}-level. ` +
      `Prerequisites: ${prerequisites}. Topics: ${course.topics.join(', ')}. ${course.description}`;
    return ok(mode, answer, [course], [{ name: 'get_course', arguments: { code } }]);
  }
  const args = { goal: input.query, completed: input.completed ?? [] };
  const result = recommendPath(args.goal, args.completed);
  const answer = result
    ? `Recommended path for ${result.path.title}: ` +
      result.courses.map((c) => `${c.code} ${c.title}`).join(' → ') +
      ` (${result.courses.length} courses).`
    : `No career path matches "${input.query}".`;
  return ok(mode, answer, result?.courses ?? [], [{ name: 'recommend_path', arguments: args }]);
}

function ok(mode, answer, courses, toolCalls) {
  return {
    status: 200,
    output: {
      answer,
      mode,
      courses: courses.map(({ code, title }) => ({ code, title })),
      tool_calls: toolCalls,
    },
  };
}

async function handle(req, res) {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (req.method === 'GET' && url.pathname === '/info') {
    if (req.headers['if-none-match'] === A1_ETAG) {
      res.writeHead(304, { etag: A1_ETAG });
      return res.end();
    }
    return sendJson(res, 200, describeA1(), { etag: A1_ETAG });
  }
  if (req.method === 'POST' && url.pathname === '/invoke') return invoke(req, res, url);
  return sendJson(res, 404, { error: `no route ${req.method} ${url.pathname}` });
}

async function invoke(req, res, url) {
  const body = await readJsonBody(req);
  if (!body.ok) return sendJson(res, 400, { error: body.error, ajvErrors: [] });
  const request = body.value !== null && typeof body.value === 'object' ? body.value : {};
  const ajvErrors = validateA1Input(request.input);
  if (ajvErrors.length > 0)
    return sendJson(res, 400, { error: 'input does not match inputSchema', ajvErrors });
  const result = answerA1(request.input);
  if (result.status === 422) return sendJson(res, 422, { error: result.error, reason: result.reason });
  const prompt = 60 + estimateTokens(JSON.stringify(request.input));
  const completion = estimateTokens(result.output.answer);
  const reply = {
    output: result.output,
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
  };
  const trace = url.searchParams.get('trace') === 'true' || request.context?.trace === true;
  if (trace)
    reply.raw = {
      model: 'a1-function-calling',
      tool_calls: result.output.tool_calls,
      context: request.context ?? null,
    };
  return sendJson(res, 200, reply);
}

if (isEntryPoint(import.meta.url)) listenOnLoopback(handle, 7101);
