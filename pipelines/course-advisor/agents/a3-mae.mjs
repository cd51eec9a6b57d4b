/**
 * A3 — a rule-based ReAct-style Course Advisor speaking MultiAgentEval over the `local`
 * transport (shared/seeds/multiagent-eval-agent-api.txt, shared/protocols/mae.md):
 *
 *   stdin:  one JSON request per line {task_description, turn?, conversation_history?}
 *   stdout: one JSON action per line
 *             turn 1 → {action: "call_tool", tool_name, tool_params, summary, name}
 *             once the tool result is back → {action: "final_answer", summary, courses, name}
 *   stderr: logs only.
 *
 * Works for a long-lived process (seed: many lines) and for AgentV's one-shot style (one
 * request, maybe without a trailing newline, then stdin closes; the process exits after
 * answering). Stateless: each request is decided from its own fields.
 *
 * Where the tool result comes from: the harness runs the tool in its sandbox (the example's
 * `tools:` field) and relays the result (history `environment` entry, "Tool 'x' returned: …",
 * JSON, or a Python repr). A3 answers from that result. When the relay carries no course data
 * (an undeclared tool: "Executed get_course"), A3 re-runs its previous call (found in
 * `conversation_history`) against its own catalog; with no history either (AgentV profile
 * without a declared tool) it answers that it could not retrieve the data.
 *
 * Known weaknesses, kept on purpose so the benchmark has misses: its search uses only the
 * first topic word of the request (plus level/credit filters); its career goal drops words of
 * two letters or fewer ("ML"); course details mention prerequisites only when asked.
 */
import { createInterface } from 'node:readline';
import { interpretToolResult, looksLikeRelay } from './a3-tool-result.mjs';
import { getCourse, parseQuery, recommendPath, searchCourses } from './catalog.mjs';
import { isEntryPoint } from './json-http.mjs';

export const A3_NAME = 'course-advisor-a3';

const CODE_PATTERN = /\b([A-Za-z]{2,4})\s?(\d{3})\b/g;
const PATH_INTENT = /\b(become|becoming|career|path|work as|get into|be an?)\b/i;
const COMPLETED_INTENT = /\b(took|taken|completed|finished)\b/i;
const LEVEL_NAMES = { 100: 'intro', 200: 'intermediate', 300: 'advanced' };

function codesIn(text) {
  return [...String(text).matchAll(CODE_PATTERN)].map((m) => `${m[1]}${m[2]}`.toUpperCase());
}

/** Turn 1: choose the tool and its parameters from the request text. Pure. */
export function planToolCall(task) {
  if (PATH_INTENT.test(task)) {
    const goal = task
      .split(/[^A-Za-z0-9'-]+/)
      .filter((w) => w.length > 2)
      .join(' ');
    return {
      tool_name: 'recommend_path',
      tool_params: { goal, completed: COMPLETED_INTENT.test(task) ? codesIn(task) : [] },
    };
  }
  const code = codesIn(task)[0];
  if (code !== undefined) return { tool_name: 'get_course', tool_params: { code } };
  const { terms, level, credits } = parseQuery(task);
  const parts = [
    level === undefined ? '' : LEVEL_NAMES[level],
    credits === undefined ? '' : `${credits}-credit`,
    terms[0] ?? '',
  ];
  return { tool_name: 'search_courses', tool_params: { query: parts.filter(Boolean).join(' ') } };
}

/** A3's own implementation of the three tools (used when the relay has no course data). */
export function runToolLocally(name, params) {
  const p = params !== null && typeof params === 'object' ? params : {};
  if (name === 'search_courses') return { courses: searchCourses(String(p.query ?? '')) };
  if (name === 'get_course') {
    const course = getCourse(String(p.code ?? ''));
    return course ? { course } : { course: null, code: String(p.code ?? ''), error: 'not found' };
  }
  if (name === 'recommend_path') {
    const completed = Array.isArray(p.completed) ? p.completed : [];
    return recommendPath(String(p.goal ?? ''), completed) ?? { path: null, courses: [] };
  }
  return undefined;
}

function parseMaybeJson(value) {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Decide the next action for one request. Pure. */
export function decideA3(request) {
  if (request === null || typeof request !== 'object' || typeof request.task_description !== 'string')
    return { action: 'error', summary: 'request needs a task_description string', name: A3_NAME };
  const task = request.task_description;
  const rawHistory = Array.isArray(request.conversation_history)
    ? request.conversation_history
    : request.history;
  const history = (Array.isArray(rawHistory) ? rawHistory : []).filter(
    (e) => e !== null && typeof e === 'object',
  );
  const previousCall = history
    .filter((e) => e.role === 'agent' || e.role === 'assistant')
    .map((e) => parseMaybeJson(e.content))
    .findLast((c) => c !== null && typeof c === 'object' && c.action === 'call_tool');
  const environment = history.findLast((e) => e.role === 'environment' || e.role === 'tool');
  const firstUser = history.find((e) => e.role === 'user' && typeof e.content === 'string')?.content;
  const isFollowUp =
    previousCall !== undefined ||
    environment !== undefined ||
    (Number.isInteger(request.turn) && request.turn > 1) ||
    looksLikeRelay(task);
  if (!isFollowUp) {
    const call = planToolCall(task);
    return { action: 'call_tool', ...call, summary: `Calling ${call.tool_name}.`, name: A3_NAME };
  }
  const question = firstUser ?? (looksLikeRelay(task) ? undefined : task);
  let data = interpretToolResult(environment?.content) ?? interpretToolResult(task);
  if (!data && previousCall)
    data = interpretToolResult(runToolLocally(previousCall.tool_name, previousCall.tool_params));
  if (!data && question !== undefined) {
    const call = planToolCall(question);
    data = interpretToolResult(runToolLocally(call.tool_name, call.tool_params));
  }
  return finalAnswer(data, question ?? '');
}

function finalAnswer(data, question) {
  const done = (summary, courses) => ({
    action: 'final_answer',
    summary,
    courses: courses.map((c) => ({ code: String(c.code), title: String(c.title ?? '') })),
    name: A3_NAME,
  });
  if (!data) return done('I could not retrieve the course data.', []);
  if (data.kind === 'search')
    return data.courses.length === 0
      ? done('No matching courses.', [])
      : done(
          `Matching courses: ${data.courses.map((c) => `${c.code} ${c.title ?? ''}`.trim()).join(', ')}.`,
          data.courses,
        );
  if (data.kind === 'path')
    return data.path === null
      ? done('I could not find a career path for that goal.', [])
      : done(
          `Path to ${data.path.title}: ${data.courses.map((c) => `${c.code} ${c.title ?? ''}`.trim()).join(', ')}.`,
          data.courses,
        );
  if (data.course === null) return done(`${data.code ?? 'That course'} is not in the catalog.`, []);
  const course = { ...(getCourse(String(data.course.code ?? '')) ?? {}), ...data.course };
  let summary = `${course.code} ${course.title} (${course.credits} credits, ${course.level}-level): ${course.description}`;
  if (/prereq/i.test(question)) {
    const prerequisites =
      Array.isArray(course.prerequisites) && course.prerequisites.length > 0
        ? course.prerequisites.join(', ')
        : 'none';
    summary += ` Prerequisites: ${prerequisites}.`;
  }
  return done(summary, [course]);
}

function answerLine(line) {
  let request;
  try {
    request = JSON.parse(line);
  } catch {
    process.stderr.write('a3: ignoring a line that is not JSON\n');
    return { action: 'error', summary: 'request is not valid JSON', name: A3_NAME };
  }
  const action = decideA3(request);
  process.stderr.write(`a3: turn ${request?.turn ?? '?'} → ${action.action}\n`);
  return action;
}

function serveStdio() {
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    process.stdout.write(`${JSON.stringify(answerLine(line))}\n`);
  });
}

if (isEntryPoint(import.meta.url)) serveStdio();
