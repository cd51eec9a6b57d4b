/**
 * How A3 reads the tool result a MultiAgentEval harness relays back, whatever the relay
 * style: a history entry `{role: "environment", content: <object>}`, the seed's text
 * "Tool 'x' returned: {...}. Continue.", "Tools returned: [...]", plain JSON, or AgentV's
 * Python repr of a dict (`{'courses': [...], 'ok': True}`).
 *
 * Result shapes (the same shapes A3's own catalog fallback produces):
 *   search_courses → {courses: [{code, title, ...}]}
 *   get_course     → {course: {...}} or {course: null, code, error}
 *   recommend_path → {path: {id, title}, courses: [{code, title}]} or {path: null, courses: []}
 */

/** A relay text that is a tool result, not a new instruction. */
export function looksLikeRelay(text) {
  return /^\s*(Tool '|Tools returned:|Executed [A-Za-z_]+\s*$|\{|\[)/.test(String(text));
}

/**
 * Interpret a relayed tool result.
 * @returns {{kind: 'search', courses: object[]} | {kind: 'details', course: object | null, code?: string} | {kind: 'path', path: object | null, courses: object[]} | undefined}
 */
export function interpretToolResult(value, depth = 0) {
  if (depth > 4 || value === undefined || value === null) return undefined;
  if (typeof value === 'string') {
    const parsed = parseRelayText(value);
    return parsed === undefined ? undefined : interpretToolResult(parsed, depth + 1);
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const data = interpretToolResult(item, depth + 1);
      if (data) return data;
    }
    return undefined;
  }
  if (typeof value !== 'object') return undefined;
  if ('course' in value)
    return { kind: 'details', course: isObject(value.course) ? value.course : null, code: value.code };
  if ('path' in value)
    return { kind: 'path', path: isObject(value.path) ? value.path : null, courses: listOf(value.courses) };
  if (Array.isArray(value.courses)) return { kind: 'search', courses: listOf(value.courses) };
  for (const key of ['result', 'output', 'message', 'content']) {
    const data = interpretToolResult(value[key], depth + 1);
    if (data) return data;
  }
  return undefined;
}

function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function listOf(value) {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/** The JSON value inside a relay text, or undefined. */
export function parseRelayText(text) {
  let body = String(text).trim();
  const seed = /^Tool '[^']*' returned:\s*([\s\S]*?)(?:\.\s*Continue\.?)?$/.exec(body);
  if (seed) body = seed[1] ?? '';
  if (body.startsWith('Tools returned:')) body = body.slice('Tools returned:'.length).trim();
  if (!/^[[{]/.test(body)) return undefined;
  for (const candidate of [body, pythonReprToJson(body)]) {
    try {
      return JSON.parse(candidate);
    } catch {
      // try the next reading
    }
  }
  return undefined;
}

/** Convert a Python dict/list repr (single quotes, True/False/None) to JSON text. Best effort. */
export function pythonReprToJson(text) {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === "'" || ch === '"') {
      let value = '';
      i += 1;
      while (i < text.length && text[i] !== ch) {
        if (text[i] === '\\' && i + 1 < text.length) {
          const next = text[i + 1];
          value += next === 'n' ? '\n' : next === 't' ? '\t' : next;
          i += 2;
        } else {
          value += text[i];
          i += 1;
        }
      }
      out += JSON.stringify(value);
      i += 1;
    } else if (/[A-Za-z_]/.test(ch)) {
      let word = '';
      while (i < text.length && /[A-Za-z0-9_]/.test(text[i])) {
        word += text[i];
        i += 1;
      }
      out += word === 'True' ? 'true' : word === 'False' ? 'false' : word === 'None' ? 'null' : word;
    } else {
      out += ch;
      i += 1;
    }
  }
  return out;
}
