#!/usr/bin/env node
/**
 * A deterministic, offline judge for the Course Advisor demo that speaks the agent-eval wire
 * protocol over HTTP (tangle-network/agent-eval, WIRE_VERSION 1.1.0): GET /healthz,
 * GET /v1/version, GET /v1/rubrics, POST /v1/judge; errors as {"error":{code,message,details?}};
 * unknown routes as a plain-text 404, like the real server.
 *
 * It is NOT agent-eval and calls no LLM: every dimension is scored by a fixed heuristic, so the
 * demo runs anywhere and gives the same scores every time. It reports package
 * "@tangle-network/agent-eval" (with a `+evalc-demo` version) because clients identify the
 * protocol by that name. `rubricVersion` is computed exactly as the real server does:
 * `<name>@sha256-rfc8785:<hex>` over the RFC 8785 canonical JSON of the parsed rubric.
 *
 * Heuristics (each in [0,1], then mapped to the dimension's [min,max]):
 *  - relevance: share of the question's content words (prefix-matched) found in the answer,
 *    0.3 + 0.7·share; +0.2 when the answer contains the reference (context.reference).
 *    No shared word and no reference → off-topic. Empty answer → 0 and missing-answer.
 *  - accuracy: share of course codes in the answer that exist in the catalog
 *    (../agents/catalog.mjs; invented codes → invented-course), halved when the question asks
 *    for the prerequisites of a course and the answer names other codes (wrong-prerequisite);
 *    no code → 0.6. With a reference: 0.7·that + 0.3·(reference found).
 *  - structure: 0.4 for 5–200 words (0.1 shorter, 0.2 longer), 0.2 for ending sentences with
 *    punctuation, 0.2 for a list or an enumeration, 0.2 for starting with a capital or digit.
 *  - any other dimension id: the mean of structure and of the overlap between the
 *    dimension's description words and the content (0.5 when it has none).
 * Content "Question: …\nAnswer: …" is split; otherwise the whole content is the answer and
 * context.task the question.
 *
 * Usage: PORT=7105 node judge/agent-eval-judge.mjs   (HOST defaults to 127.0.0.1)
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

const PACKAGE = '@tangle-network/agent-eval';
const VERSION = '0.170.0+evalc-demo';
const WIRE_VERSION = '1.1.0';
const MODEL = 'evalc-demo-heuristic-1';

/** Course codes and prerequisites of the demo catalog; without it, codes are not checked. */
let catalogCodes;
let prerequisitesOf = () => undefined;
try {
  const { COURSES } = await import('../agents/catalog.mjs');
  catalogCodes = new Set(COURSES.map((course) => course.code));
  const byCode = new Map(COURSES.map((course) => [course.code, course.prerequisites ?? []]));
  prerequisitesOf = (code) => byCode.get(code);
} catch {
  catalogCodes = undefined;
}

// ── RFC 8785 canonical JSON and rubricVersion ─────────────────────────
export function canonicalJson(value) {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('RFC 8785 has no form for non-finite numbers');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  const keys = Object.keys(value)
    .filter((key) => value[key] !== undefined)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)); // UTF-16 code units, not locale order
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
}

export function rubricVersion(rubric) {
  return `${rubric.name}@sha256-rfc8785:${createHash('sha256').update(canonicalJson(rubric), 'utf8').digest('hex')}`;
}

// ── Rubric parsing: agent-eval's RubricSchema (defaults applied, unknown keys stripped) ──
const isText = (v) => typeof v === 'string' && v.length > 0;
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

function parseModes(list, path, issues) {
  if (list === undefined) return [];
  if (!Array.isArray(list)) {
    issues.push({ path, message: 'Expected array' });
    return [];
  }
  return list.map((mode, i) => {
    if (!isObject(mode) || !isText(mode.id) || !isText(mode.description)) {
      issues.push({ path: [...path, i], message: 'Expected {id, description}' });
    }
    return { id: mode?.id, description: mode?.description };
  });
}

export function parseRubric(input) {
  const issues = [];
  if (!isObject(input)) return { issues: [{ path: ['rubric'], message: 'Expected object' }] };
  for (const key of ['name', 'description', 'systemPrompt']) {
    if (!isText(input[key]))
      issues.push({ path: ['rubric', key], message: 'String must contain at least 1 character(s)' });
  }
  const list = Array.isArray(input.dimensions) ? input.dimensions : [];
  if (list.length === 0)
    issues.push({ path: ['rubric', 'dimensions'], message: 'Array must contain at least 1 element(s)' });
  const dimensions = list.map((d, i) => {
    const dimension = {
      id: d?.id,
      description: d?.description,
      weight: d?.weight ?? 1,
      min: d?.min ?? 0,
      max: d?.max ?? 1,
    };
    const numbers = [dimension.weight, dimension.min, dimension.max].every(
      (n) => typeof n === 'number' && Number.isFinite(n),
    );
    if (!isText(dimension.id) || !isText(dimension.description) || !numbers || dimension.weight < 0) {
      issues.push({ path: ['rubric', 'dimensions', i], message: 'Invalid dimension' });
    }
    return dimension;
  });
  const rubric = {
    name: input.name,
    description: input.description,
    systemPrompt: input.systemPrompt,
    dimensions,
    failureModes: parseModes(input.failureModes, ['rubric', 'failureModes'], issues),
    wins: parseModes(input.wins, ['rubric', 'wins'], issues),
  };
  return issues.length > 0 ? { issues } : { rubric };
}

const REGISTERED = [
  {
    name: 'course-advice-default',
    description: 'Course advice a student can act on, grounded in the course catalog.',
    systemPrompt:
      'Score relevance (answers the question), accuracy (course codes, credits and prerequisites are correct) and structure (clear, scannable) from 0 to 1.',
    dimensions: [
      { id: 'relevance', description: 'Answers the question the student asked', weight: 0.5, min: 0, max: 1 },
      {
        id: 'accuracy',
        description: 'Course codes, credits and prerequisites are correct',
        weight: 0.3,
        min: 0,
        max: 1,
      },
      { id: 'structure', description: 'Clear, scannable answer', weight: 0.2, min: 0, max: 1 },
    ],
    failureModes: [
      { id: 'invented-course', description: 'Names a course that is not in the catalog' },
      { id: 'wrong-prerequisite', description: 'States prerequisites the catalog does not list' },
      { id: 'off-topic', description: 'Does not address the question' },
      { id: 'missing-answer', description: 'No answer at all' },
    ],
    wins: [],
  },
];

// ── Heuristic scoring ─────────────────────────────────────────────────
const STOPWORDS = new Set(
  'the and for are you your with what which that this how many much does about tell show give want should study become from have into can course courses me please need'.split(
    ' ',
  ),
);
const CODE_RE = /\b[A-Z]{2,5}\s?\d{3}\b/g;

function words(text) {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => w.length >= 3 && !STOPWORDS.has(w));
}

function stem(word) {
  return word.slice(0, 5);
}

function overlap(needles, haystack) {
  const wanted = [...new Set(needles.map(stem))];
  if (wanted.length === 0) return undefined;
  const present = new Set(haystack.map(stem));
  return wanted.filter((w) => present.has(w)).length / wanted.length;
}

function codesIn(text) {
  return [...new Set((text.match(CODE_RE) ?? []).map((code) => code.replace(/\s/, '')))];
}

function splitContent(content, context) {
  const match = /^\s*Question:\s*([\s\S]*?)\n\s*Answer:\s*([\s\S]*)$/.exec(content);
  if (match) return { question: match[1].trim(), answer: match[2].trim() };
  return { question: typeof context?.task === 'string' ? context.task : '', answer: content.trim() };
}

function scoreRelevance(question, answer, referenceHit, flags) {
  if (answer === '') {
    flags.add('missing-answer');
    return { score: 0, note: 'empty answer' };
  }
  const share = overlap(
    [...words(question), ...codesIn(question).map((c) => c.toLowerCase())],
    words(answer),
  );
  if (share === undefined) return { score: referenceHit ? 1 : 0.5, note: 'no question terms' };
  if (share === 0 && referenceHit !== true) flags.add('off-topic');
  const score = Math.min(1, 0.3 + 0.7 * share + (referenceHit ? 0.2 : 0));
  return { score, note: `${Math.round(share * 100)}% of question terms answered` };
}

function scoreAccuracy(question, answer, referenceHit, flags) {
  const codes = codesIn(answer);
  let base = 0.6;
  let note = 'no course code named';
  if (codes.length > 0) {
    const known = catalogCodes ? codes.filter((code) => catalogCodes.has(code)) : codes;
    if (known.length < codes.length) flags.add('invented-course');
    base = known.length / codes.length;
    note = `${known.length}/${codes.length} course codes in the catalog`;
    const asked = codesIn(question)[0];
    const prerequisites =
      asked && /prerequisite|prereq|before taking/i.test(question) ? prerequisitesOf(asked) : undefined;
    if (prerequisites) {
      const stated = codes.filter((code) => code !== asked);
      if (stated.some((code) => !prerequisites.includes(code))) {
        flags.add('wrong-prerequisite');
        base /= 2;
        note += '; prerequisites differ from the catalog';
      }
    }
  }
  if (referenceHit === undefined) return { score: base, note };
  return {
    score: 0.7 * base + 0.3 * (referenceHit ? 1 : 0),
    note: `${note}; reference ${referenceHit ? 'found' : 'missing'}`,
  };
}

function scoreStructure(answer) {
  const count = answer.split(/\s+/).filter(Boolean).length;
  let score = count >= 5 && count <= 200 ? 0.4 : count > 200 ? 0.2 : count > 0 ? 0.1 : 0;
  if (/[.!?]\s*$/.test(answer)) score += 0.2;
  if (/(^|\n)\s*([-*•]|\d+[.)])\s+/.test(answer) || (answer.match(/[,;]/g) ?? []).length >= 2) score += 0.2;
  if (/^[A-Z0-9]/.test(answer)) score += 0.2;
  return { score: Math.min(1, score), note: `${count} words` };
}

export function judgeContent(rubric, content, context) {
  const { question, answer } = splitContent(content, context);
  const reference =
    typeof context?.reference === 'string' && context.reference !== '' ? context.reference : undefined;
  const referenceHit =
    reference === undefined ? undefined : answer.toLowerCase().includes(reference.toLowerCase());
  const flags = new Set();
  const structure = scoreStructure(answer);
  const dimensions = {};
  const notes = [];
  for (const d of rubric.dimensions) {
    let part;
    if (d.id === 'relevance') part = scoreRelevance(question, answer, referenceHit, flags);
    else if (d.id === 'accuracy') part = scoreAccuracy(question, answer, referenceHit, flags);
    else if (d.id === 'structure') part = structure;
    else {
      const share = overlap(words(d.description), words(content)) ?? 0.5;
      part = { score: (structure.score + share) / 2, note: `generic heuristic` };
    }
    const unit = Math.min(1, Math.max(0, part.score));
    dimensions[d.id] = d.min + unit * (d.max - d.min);
    notes.push(`${d.id} ${unit.toFixed(2)} (${part.note})`);
  }
  let sum = 0;
  let weights = 0;
  for (const d of rubric.dimensions) {
    const span = d.max - d.min === 0 ? 1 : d.max - d.min;
    sum += Math.min(1, Math.max(0, (dimensions[d.id] - d.min) / span)) * d.weight;
    weights += d.weight;
  }
  const modeIds = new Set(rubric.failureModes.map((m) => m.id));
  return {
    composite: weights === 0 ? 0 : sum / weights,
    dimensions,
    failureModes: [...flags].filter((id) => modeIds.has(id)),
    wins: [],
    rationale: `Heuristic judge: ${notes.join('; ')}.`,
    rubricVersion: rubricVersion(rubric),
    model: MODEL,
  };
}

// ── HTTP ──────────────────────────────────────────────────────────────
function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
  res.end(JSON.stringify(body));
}

function error(res, status, code, message, details) {
  send(res, status, { error: details === undefined ? { code, message } : { code, message, details } });
}

function handleJudge(res, text, started) {
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    return error(res, 400, 'validation_error', 'Request body is not valid JSON.');
  }
  if (!isObject(body)) return error(res, 400, 'validation_error', 'Request body must be a JSON object.');
  const issues = [];
  if (!isText(body.content))
    issues.push({ path: ['content'], message: 'String must contain at least 1 character(s)' });
  if (Boolean(body.rubricName) === Boolean(body.rubric)) {
    issues.push({ path: [], message: 'Provide exactly one of `rubricName` or `rubric`.' });
  }
  if (body.context !== undefined && !isObject(body.context))
    issues.push({ path: ['context'], message: 'Expected object' });
  let rubric;
  if (body.rubric !== undefined) {
    const parsed = parseRubric(body.rubric);
    if (parsed.issues) issues.push(...parsed.issues);
    else rubric = parsed.rubric;
  }
  if (issues.length > 0)
    return error(res, 400, 'validation_error', 'Request did not match the JudgeRequest schema.', issues);
  if (body.rubricName) {
    rubric = REGISTERED.find((r) => r.name === body.rubricName);
    if (!rubric) return error(res, 404, 'rubric_not_found', `No built-in rubric named "${body.rubricName}".`);
  }
  const result = judgeContent(rubric, body.content, body.context);
  send(res, 200, {
    ...result,
    model: typeof body.model === 'string' ? body.model : MODEL,
    durationMs: Date.now() - started,
  });
}

export function createJudgeServer() {
  const bootedAt = Date.now();
  return createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const started = Date.now();
      const path = (req.url ?? '/').split('?')[0];
      const route = `${req.method} ${path}`;
      try {
        if (route === 'GET /healthz')
          return send(res, 200, { status: 'ok', uptimeSec: (Date.now() - bootedAt) / 1000 });
        if (route === 'GET /v1/version') {
          return send(res, 200, {
            package: PACKAGE,
            version: VERSION,
            wireVersion: WIRE_VERSION,
            apiSurface: ['judge', 'listRubrics', 'version'],
          });
        }
        if (route === 'GET /v1/rubrics') {
          return send(res, 200, {
            rubrics: REGISTERED.map((r) => ({
              name: r.name,
              description: r.description,
              dimensions: r.dimensions.map(({ id, description, weight }) => ({ id, description, weight })),
              failureModes: r.failureModes.map((m) => m.id),
              rubricVersion: rubricVersion(r),
            })),
          });
        }
        if (route === 'POST /v1/judge')
          return handleJudge(res, Buffer.concat(chunks).toString('utf8'), started);
        res.writeHead(404, { 'content-type': 'text/plain; charset=UTF-8' });
        res.end('404 Not Found');
      } catch (cause) {
        error(res, 500, 'internal_error', cause instanceof Error ? cause.message : String(cause));
      }
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.env.PORT ?? 5005);
  const host = process.env.HOST ?? '127.0.0.1';
  const server = createJudgeServer();
  server.listen(port, host, () => {
    const address = server.address();
    process.stdout.write(`agent-eval demo judge listening on http://${host}:${address.port}\n`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
