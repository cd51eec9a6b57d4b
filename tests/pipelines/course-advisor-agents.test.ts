import { createHash } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import canonicalize from 'canonicalize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAREER_PATHS, getCourse } from '../../pipelines/course-advisor/agents/catalog.mjs';
import {
  type HttpAgent,
  loadDatasets,
  postJson,
  runOneShot,
  StdioAgent,
  startHttpAgent,
} from './course-advisor-harness.js';

describe('A1 course advisor (RAIP)', () => {
  let a1: HttpAgent;
  beforeAll(async () => {
    a1 = await startHttpAgent('agents/a1-raip.mjs');
  });
  afterAll(() => a1.stop());

  it('publishes a 2020-12 input schema on /info with an ETag and a digest over its RFC 8785 form', async () => {
    const response = await fetch(`${a1.base}/info`);
    expect(response.status).toBe(200);
    const info = (await response.json()) as Record<string, unknown>;
    expect(info).toMatchObject({ name: 'course-advisor-a1', version: '1.0.0' });
    expect(info.capabilities).toEqual(['search_courses', 'get_course', 'recommend_path']);
    const hex = createHash('sha256')
      .update(canonicalize(info.inputSchema) ?? '')
      .digest('hex');
    expect(info.schemaDigest).toBe(`sha256:${hex}`);
    expect(response.headers.get('etag')).toBe(`"${hex.slice(0, 16)}"`);
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(info.inputSchema as object);
    expect(validate({ query: 'intro ML', mode: 'search' })).toBe(true);
  });

  it('answers 304 to If-None-Match with the current ETag', async () => {
    const first = await fetch(`${a1.base}/info`);
    const etag = first.headers.get('etag') ?? '';
    await first.arrayBuffer();
    const second = await fetch(`${a1.base}/info`, { headers: { 'if-none-match': etag } });
    expect(second.status).toBe(304);
  });

  it('answers a details request with the course, the catalog function it called and token usage', async () => {
    const { status, body } = await postJson(`${a1.base}/invoke`, {
      input: { query: 'What are the prerequisites for CS350?', mode: 'details' },
      context: { exampleId: 'details-01' },
    });
    expect(status).toBe(200);
    const output = body.output as Record<string, unknown>;
    expect(output.courses).toEqual([{ code: 'CS350', title: 'Machine Learning' }]);
    expect(output.tool_calls).toEqual([{ name: 'get_course', arguments: { code: 'CS350' } }]);
    expect(output.answer).toContain('Prerequisites: CS201, MATH220, STAT200');
    const usage = body.usage as { prompt_tokens: number; completion_tokens: number; total_tokens: number };
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
    expect(body).not.toHaveProperty('raw');
  });

  it('infers the mode from the query when none is given and returns raw only when tracing', async () => {
    const { body } = await postJson(`${a1.base}/invoke?trace=true`, {
      input: { query: 'Which courses teach Python?' },
    });
    const output = body.output as { mode: string; courses: { code: string }[] };
    expect(output.mode).toBe('search');
    expect(output.courses.map((c) => c.code)).toEqual(['CS101', 'CS350', 'DS200']);
    expect(body.raw).toMatchObject({ model: 'a1-function-calling' });
  });

  it('rejects inputs that break the schema with 400 and the same errors Ajv 2020 reports', async () => {
    const info = (await (await fetch(`${a1.base}/info`)).json()) as { inputSchema: object };
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(info.inputSchema);
    const invalid: unknown[] = [
      'just a string',
      {},
      { query: '' },
      { query: 'x', mode: 'browse', extra: true },
      { query: 'x', code: 'CS-350', completed: ['CS101', 7] },
    ];
    for (const input of invalid) {
      const { status, body } = await postJson(`${a1.base}/invoke`, { input, context: {} });
      expect(status).toBe(400);
      expect(validate(input)).toBe(false);
      expect(body.ajvErrors).toEqual(validate.errors);
    }
  });

  it('answers 422 for a course code the catalog does not have', async () => {
    const { status, body } = await postJson(`${a1.base}/invoke`, {
      input: { query: 'Tell me about CS999.', mode: 'details' },
    });
    expect(status).toBe(422);
    expect(body).toMatchObject({ reason: 'unknown_course' });
  });
});

interface ChatMessage {
  role: string;
  content: string | null;
  tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

describe('A2 course advisor (Connexity chat)', () => {
  let a2: HttpAgent;
  beforeAll(async () => {
    a2 = await startHttpAgent('agents/a2-chat.mjs');
  });
  afterAll(() => a2.stop());

  async function respond(messages: ChatMessage[], turnIndex: number) {
    const { status, body } = await postJson(`${a2.base}/agent/respond`, {
      messages,
      metadata: { test_case_id: 'course-advisor-test', turn_index: turnIndex },
    });
    expect(status).toBe(200);
    return body as { messages: ChatMessage[]; model: string; metadata: { courses: { code: string }[] } };
  }

  it('returns an assistant tool call, the tool result and a final assistant answer', async () => {
    const reply = await respond([{ role: 'user', content: 'Tell me about CS410.' }], 1);
    const [call, tool, final] = reply.messages;
    expect(reply.messages).toHaveLength(3);
    const toolCall = call?.tool_calls?.[0];
    expect(toolCall?.type).toBe('function');
    expect(toolCall?.function.name).toBe('get_course');
    expect(JSON.parse(toolCall?.function.arguments ?? 'null')).toEqual({ code: 'CS410' });
    expect(tool).toMatchObject({ role: 'tool', tool_call_id: toolCall?.id });
    expect(final?.role).toBe('assistant');
    expect(final?.content).toContain('Deep Learning');
    expect(reply.model).toBe('a2-workflow-graph');
    expect(reply.metadata.courses.map((c) => c.code)).toEqual(['CS410']);
  });

  it('answers a follow-up question about the course named in an earlier turn', async () => {
    const transcript: ChatMessage[] = [{ role: 'user', content: 'Tell me about CS320.' }];
    transcript.push(...(await respond(transcript, 1)).messages);
    transcript.push({ role: 'user', content: 'What are its prerequisites?' });
    const second = await respond(transcript, transcript.length);
    expect(second.messages.at(-1)?.content).toContain('Prerequisites: CS220');
    expect(second.metadata.courses.map((c) => c.code)).toEqual(['CS320']);
  });

  it('keeps the career goal of an earlier turn when the student lists the courses already taken', async () => {
    const transcript: ChatMessage[] = [{ role: 'user', content: 'I want to become a data scientist.' }];
    transcript.push(...(await respond(transcript, 1)).messages);
    transcript.push({ role: 'user', content: "I already took CS101 and MATH120. What's left?" });
    const second = await respond(transcript, transcript.length);
    expect(second.metadata.courses.map((c) => c.code)).toEqual(['STAT200', 'DS200', 'STAT310']);
  });

  it('answers 400 when the body has no messages array', async () => {
    const { status } = await postJson(`${a2.base}/agent/respond`, { metadata: {} });
    expect(status).toBe(400);
  });
});

describe('A3 course advisor (MultiAgentEval local stdio)', () => {
  it('calls a tool on turn 1, then answers from the tool result the harness relays (seed profile)', async () => {
    const agent = new StdioAgent('agents/a3-mae.mjs');
    try {
      const task = 'Show me machine learning courses.';
      const history: { role: string; content: unknown }[] = [{ role: 'user', content: task }];
      const first = await agent.send({ task_description: task, turn: 1, conversation_history: history });
      expect(first).toMatchObject({
        action: 'call_tool',
        tool_name: 'search_courses',
        tool_params: { query: 'machine' },
      });
      // A sandbox result that is not in the catalog proves the answer comes from the relay.
      const sandbox = { status: 'success', courses: [{ code: 'CS900', title: 'Sandboxed Course' }] };
      history.push({ role: 'agent', content: first }, { role: 'environment', content: sandbox });
      const second = await agent.send({
        task_description: `Tool 'search_courses' returned: ${JSON.stringify(sandbox)}. Continue.`,
        turn: 2,
        conversation_history: history,
      });
      expect(second).toMatchObject({
        action: 'final_answer',
        courses: [{ code: 'CS900', title: 'Sandboxed Course' }],
      });
      expect(second.summary).toContain('CS900 Sandboxed Course');
    } finally {
      await agent.stop();
    }
  });

  it('answers one AgentV-style request without a trailing newline and exits when stdin closes', async () => {
    const relay =
      "{'status': 'success', 'path': {'id': 'web-developer', 'title': 'Web Developer'}, 'courses': [{'code': 'CS101', 'title': 'Introduction to Programming'}], 'cached': True}";
    const { code, stdout } = await runOneShot(
      'agents/a3-mae.mjs',
      JSON.stringify({ task_description: relay }),
    );
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      action: 'final_answer',
      summary: 'Path to Web Developer: CS101 Introduction to Programming.',
    });
  });

  it('re-runs its previous call on its own catalog when the relay carries no course data', async () => {
    const agent = new StdioAgent('agents/a3-mae.mjs');
    try {
      const call = { action: 'call_tool', tool_name: 'get_course', tool_params: { code: 'CS320' } };
      const reply = await agent.send({
        task_description:
          'Tool \'get_course\' returned: {"status":"success","message":"Executed get_course"}. Continue.',
        turn: 2,
        conversation_history: [
          { role: 'user', content: 'What are the prerequisites of CS320?' },
          { role: 'agent', content: call },
          { role: 'environment', content: { status: 'success', message: 'Executed get_course' } },
        ],
      });
      expect(reply).toMatchObject({
        action: 'final_answer',
        courses: [{ code: 'CS320', title: 'Advanced Databases' }],
      });
      expect(reply.summary).toContain('Prerequisites: CS220.');
      const bad = await agent.send({ turn: 1 });
      expect(bad.action).toBe('error');
    } finally {
      await agent.stop();
    }
  });
});

describe('Course Advisor datasets', () => {
  const datasets = loadDatasets();
  const all = [...datasets.search, ...datasets.details, ...datasets.path];

  it('parse into 30 examples (12 search, 9 details, 9 paths) with unique ids', () => {
    expect([datasets.search.length, datasets.details.length, datasets.path.length]).toEqual([12, 9, 9]);
    expect(new Set(all.map((e) => e.id)).size).toBe(30);
  });

  it('give every example a question and expected codes, mention and tools naming real catalog entries', () => {
    const tools = new Set(['search_courses', 'get_course', 'recommend_path']);
    for (const example of all) {
      expect(example.vars.user_query.length, example.id).toBeGreaterThan(0);
      expect(example.expected.mention.length, example.id).toBeGreaterThan(0);
      for (const code of example.expected.codes)
        expect(getCourse(code), `${example.id}: ${code}`).toBeDefined();
      for (const tool of example.expected.tools) expect(tools.has(tool), `${example.id}: ${tool}`).toBe(true);
    }
    const pathCourses = CAREER_PATHS.find((p) => p.id === 'data-scientist')?.courses;
    expect(datasets.path[0]?.expected.codes).toEqual(pathCourses);
  });

  it('include multi-turn examples for the chat agent and sandbox tools for the MultiAgentEval agent', () => {
    expect(all.filter((e) => (e.turns?.length ?? 0) > 1).map((e) => e.id)).toEqual([
      'details-07',
      'paths-07',
    ]);
    expect(all.filter((e) => e.tools !== undefined).map((e) => e.id)).toEqual([
      'search-03',
      'details-03',
      'paths-03',
    ]);
  });
});
