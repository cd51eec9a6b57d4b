/**
 * A2 — the "workflow-graph" Course Advisor (LangGraph-style: router → tool → responder),
 * speaking the Connexity chat contract (shared/protocols/chat.md):
 *
 *   POST /agent/respond {messages, metadata: {test_case_id, turn_index}}
 *     → {messages: [assistant+tool_calls, tool, assistant], model, provider, usage, metadata}
 *   GET  /health → {status: "ok"}
 *
 * Answers the last user message; earlier user turns give context ("what are its
 * prerequisites?" reuses the course named before; "I already took X, what's left?" reuses
 * the career goal named before). Tool calls are OpenAI-shaped (`arguments` is a JSON string);
 * the tool runs inside the agent, as the contract says. The response `metadata.courses` lists
 * the courses of the final answer so a plan can extract them with JMESPath.
 *
 * Known weaknesses, kept on purpose so the benchmark has misses: the keyword-extraction
 * node drops level words ("intro", "advanced") before searching; course codes are recognised
 * only in upper case without a space ("CS360", not "cs 360"); the router sends a request to
 * the career-path tool only when it says become/career/path/work as/be a.
 *
 * Deterministic, offline. PORT from env (default 7102; 0 = ephemeral), 127.0.0.1 only.
 *
 * Opt-in fault switch, for tests of regressions (off unless set): `A2_FAIL_EXAMPLES` is a
 * comma-separated list of example ids; a request whose `metadata.test_case_id` is one of them
 * gets a wrong final answer (no courses: the responder drops the tool result). Unset or empty,
 * the agent behaves exactly as described above.
 */
import { getCourse, recommendPath, searchCourses } from './catalog.mjs';
import { estimateTokens, isEntryPoint, listenOnLoopback, readJsonBody, sendJson } from './json-http.mjs';

const CODE_PATTERN = /\b[A-Z]{2,4}\d{3}\b/g;
const PATH_INTENT = /\b(become|career|path|work as|be an?)\b/i;
const FOLLOW_UP = /\b(it|its|this course|that course)\b/i;
const COMPLETED_INTENT = /\b(took|taken|completed|finished|what'?s left|remaining)\b/i;
const LEVEL_WORDS = /\b(intro|introductory|beginners?|intermediate|advanced)\b/gi;

function codesIn(text) {
  return [...String(text).matchAll(CODE_PATTERN)].map((m) => m[0]);
}

/** Route the conversation to one tool call. Pure. */
export function routeA2(userTexts) {
  const last = userTexts.at(-1) ?? '';
  const completed = userTexts.filter((t) => COMPLETED_INTENT.test(t)).flatMap(codesIn);
  if (PATH_INTENT.test(last)) return { name: 'recommend_path', args: { goal: last, completed } };
  const earlierGoal = userTexts.slice(0, -1).findLast((t) => PATH_INTENT.test(t));
  if (COMPLETED_INTENT.test(last) && earlierGoal !== undefined)
    return { name: 'recommend_path', args: { goal: earlierGoal, completed } };
  const code = codesIn(last)[0];
  if (code !== undefined) return { name: 'get_course', args: { code } };
  const earlierCode = FOLLOW_UP.test(last) ? userTexts.slice(0, -1).flatMap(codesIn).at(-1) : undefined;
  if (earlierCode !== undefined) return { name: 'get_course', args: { code: earlierCode } };
  return {
    name: 'search_courses',
    args: { query: last.replace(LEVEL_WORDS, ' ').replace(/\s+/g, ' ').trim() },
  };
}

/** Run the routed tool and phrase the answer. Pure. */
export function respondA2(call) {
  if (call.name === 'search_courses') {
    const courses = searchCourses(call.args.query);
    const answer =
      courses.length === 0
        ? 'I found no matching courses for that request.'
        : 'Here are the courses I found: ' +
          courses.map((c) => `${c.code} (${c.title}, ${c.credits} credits)`).join(', ') +
          '.';
    return { result: { courses }, courses, answer };
  }
  if (call.name === 'get_course') {
    const course = getCourse(call.args.code);
    if (!course)
      return {
        result: { course: null, error: 'not found' },
        courses: [],
        answer: `I could not find a course with code ${call.args.code} in the catalog.`,
      };
    const prerequisites = course.prerequisites.length > 0 ? course.prerequisites.join(', ') : 'none';
    const answer =
      `${course.code} — ${course.title} is a ${course.level}-level course worth ${course.credits} credits. ` +
      `Prerequisites: ${prerequisites}. It covers ${course.topics.join(', ')}.`;
    return { result: { course }, courses: [course], answer };
  }
  const path = recommendPath(call.args.goal, call.args.completed);
  if (!path)
    return {
      result: { path: null, courses: [] },
      courses: [],
      answer: 'I could not match that goal to a career path.',
    };
  const skipped =
    call.args.completed.length > 0
      ? ` (skipping ${call.args.completed.join(', ')}, which you already took)`
      : '';
  const answer =
    `To become a ${path.path.title}, take these courses in order${skipped}: ` +
    path.courses.map((c, i) => `${i + 1}. ${c.code} ${c.title}`).join('; ') +
    '.';
  return { result: path, courses: path.courses, answer };
}

const GREETING = 'Hello! I can search the course catalog, explain a course, or suggest a career path.';

/**
 * One Connexity round: the messages this turn adds, plus usage and metadata. Pure.
 * @param {{role: string, content?: string | null}[]} messages
 */
export function converseA2(messages, metadata = {}) {
  const userTexts = messages
    .filter((m) => m !== null && typeof m === 'object' && m.role === 'user' && typeof m.content === 'string')
    .map((m) => m.content);
  const turnIndex = Number.isInteger(metadata.turn_index) ? metadata.turn_index : messages.length;
  const base = { model: 'a2-workflow-graph', provider: 'evalc-demo' };
  const last = userTexts.at(-1);
  if (last === undefined || last.trim().toLowerCase() === 'ping') {
    const usage = tokens(messages, GREETING);
    return {
      messages: [{ role: 'assistant', content: GREETING }],
      ...base,
      usage,
      metadata: { route: 'greeting', courses: [] },
    };
  }
  const call = routeA2(userTexts);
  const { result, courses, answer } = respondA2(call);
  const callId = `call_${turnIndex}_${call.name}`;
  const out = [
    {
      role: 'assistant',
      content: 'Let me check the course catalog.',
      tool_calls: [
        { id: callId, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.args) } },
      ],
    },
    { role: 'tool', tool_call_id: callId, name: call.name, content: JSON.stringify(result) },
    { role: 'assistant', content: answer },
  ];
  return {
    messages: out,
    ...base,
    usage: tokens(messages, answer),
    metadata: {
      route: call.name,
      test_case_id: metadata.test_case_id ?? null,
      courses: courses.map(({ code, title }) => ({ code, title })),
    },
  };
}

function tokens(messages, answer) {
  const prompt = 80 + estimateTokens(messages.map((m) => String(m?.content ?? '')).join('\n'));
  const completion = 12 + estimateTokens(answer);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

/** Example ids to answer wrongly, from `A2_FAIL_EXAMPLES` (empty when unset). */
const FAIL_EXAMPLES = new Set(
  (process.env.A2_FAIL_EXAMPLES ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== ''),
);

/** The injected fault: same tool call, but the final answer drops every course. Pure. */
export function sabotageA2(reply) {
  const answer = 'Sorry, I could not find anything in the catalog for that request.';
  return {
    ...reply,
    messages: [...reply.messages.slice(0, -1), { role: 'assistant', content: answer }],
    metadata: { ...reply.metadata, courses: [] },
  };
}

async function handle(req, res) {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (req.method === 'GET' && url.pathname === '/health') return sendJson(res, 200, { status: 'ok' });
  if (req.method !== 'POST' || url.pathname !== '/agent/respond')
    return sendJson(res, 404, { error: `no route ${req.method} ${url.pathname}` });
  const body = await readJsonBody(req);
  if (!body.ok) return sendJson(res, 400, { error: body.error });
  const request = body.value;
  if (request === null || typeof request !== 'object' || !Array.isArray(request.messages))
    return sendJson(res, 400, { error: 'messages must be an array' });
  const metadata = request.metadata !== null && typeof request.metadata === 'object' ? request.metadata : {};
  const reply = converseA2(request.messages, metadata);
  const faulty = typeof metadata.test_case_id === 'string' && FAIL_EXAMPLES.has(metadata.test_case_id);
  return sendJson(res, 200, faulty ? sabotageA2(reply) : reply);
}

if (isEntryPoint(import.meta.url)) listenOnLoopback(handle, 7102);
