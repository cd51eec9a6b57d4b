/**
 * The mae action loop over the HTTP transport against a real node:http fixture agent, for both
 * profiles. Case numbers refer to shared/protocols/mae.md §1.8 (its "current" = our `agentv`,
 * its "legacy" = our `seed`). Expected relay strings were checked by hand against the seed
 * document, mae.md and (for Python forms) a real Python 3.11.
 */
import { search } from '@jmespath-community/jmespath';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaeAgentConfig } from '../../src/plan/schema.js';
import type { InvokeOutcome } from '../../src/protocols/types.js';
import { finalAnswer, maeContext, makeMaeAdapter, responseOf } from '../fixtures/mae-harness.js';
import { type MaeHttpAgent, startMaeHttpAgent } from '../fixtures/mae-http-agent.js';

let agent: MaeHttpAgent;
beforeAll(async () => {
  agent = await startMaeHttpAgent();
});
afterAll(async () => {
  await agent.close();
});

type Profile = 'seed' | 'agentv';

async function run(
  profile: Profile,
  task: unknown,
  options: Parameters<typeof maeContext>[0] & { config?: Partial<MaeAgentConfig>; timeoutMs?: number } = {},
): Promise<{ outcome: InvokeOutcome; bodies: Record<string, unknown>[] }> {
  const before = agent.requests.length;
  const adapter = makeMaeAdapter(
    { transport: 'http', url: agent.url, profile, ...options.config },
    options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs },
  );
  try {
    const outcome = await adapter.invoke(task, maeContext(options));
    return { outcome, bodies: agent.requests.slice(before).map((r) => r.body) };
  } finally {
    await adapter.close();
  }
}

const sentTexts = (bodies: Record<string, unknown>[]) => bodies.map((b) => b.task_description);

describe('response document', () => {
  it('answers the documented JMESPath expressions', async () => {
    const example = { policies: { apply_refund: { max_limit: 50 } } };
    const { outcome } = await run('agentv', 'refund:100', { example });
    const response = JSON.parse(JSON.stringify(responseOf(outcome)));
    expect(search(response, 'final_answer')).toBe('echo:Executed apply_refund');
    expect(search(response, 'tool_calls[].name')).toEqual(['apply_refund', 'apply_refund']);
    expect(search(response, 'tool_calls[].arguments.amount')).toEqual([100, 50]);
    expect(search(response, 'length(violations)')).toBe(1);
    expect(search(response, 'actions[].action')).toEqual(['call_tool', 'call_tool', 'final_answer']);
    expect(search(response, 'turns')).toBe(3);
    expect(search(response, "messages[?role=='user'].content | [0]")).toBe('refund:100');
  });
});

describe('M1/M2 request bodies', () => {
  it('M1 agentv: posts exactly {task_description} and ends with the summary after one turn', async () => {
    const { outcome, bodies } = await run('agentv', 'final:S');
    expect(bodies).toEqual([{ task_description: 'final:S' }]);
    expect(finalAnswer(outcome)).toBe('S');
    expect(outcome.ok && outcome.trajectory.turns).toBe(1);
    expect(responseOf(outcome).status).toBe('success');
  });

  it('M2 seed: posts task_description, turn 1 and the history holding the task', async () => {
    const { outcome, bodies } = await run('seed', 'final:S');
    expect(bodies).toEqual([
      { task_description: 'final:S', turn: 1, conversation_history: [{ role: 'user', content: 'final:S' }] },
    ]);
    expect(finalAnswer(outcome)).toBe('S');
  });
});

describe('M3–M5 call_tool relay', () => {
  const declared = { tools: { get_customer_details: { output: { status: 'success', message: 'ok' } } } };
  const task = 'tool:get_customer_details {"customer_id":"c1"}';

  it('M3 agentv: runs the declared tool and relays its message as the next task_description', async () => {
    const { outcome, bodies } = await run('agentv', task, { example: declared });
    expect(bodies[1]).toEqual({ task_description: 'ok' });
    expect(finalAnswer(outcome)).toBe('echo:ok');
    expect(outcome.ok && outcome.trajectory.turns).toBe(2);
    expect(outcome.ok && outcome.trajectory.toolCalls).toEqual([
      {
        turn: 1,
        name: 'get_customer_details',
        arguments: { customer_id: 'c1' },
        result: { status: 'success', message: 'ok' },
      },
    ]);
  });

  it('M3 seed: relays "Tool \'x\' returned: {...}. Continue." with turn 2 and the grown history', async () => {
    const { outcome, bodies } = await run('seed', task, { example: declared });
    const relay = `Tool 'get_customer_details' returned: {"status":"success","message":"ok"}. Continue.`;
    expect(bodies[1]?.task_description).toBe(relay);
    expect(bodies[1]?.turn).toBe(2);
    expect(bodies[1]?.conversation_history).toEqual([
      { role: 'user', content: task },
      {
        role: 'agent',
        content: {
          action: 'call_tool',
          tool_name: 'get_customer_details',
          tool_params: { customer_id: 'c1' },
        },
      },
      { role: 'environment', content: { status: 'success', message: 'ok' } },
    ]);
    expect(finalAnswer(outcome)).toBe(`echo:${relay}`);
  });

  it('records an OpenAI-shaped transcript: user, assistant tool call, tool result, user relay, assistant answer', async () => {
    const { outcome } = await run('seed', task, { example: declared });
    if (!outcome.ok) throw new Error(outcome.error.message);
    const roles = outcome.trajectory.messages.map((m) => m.role);
    expect(roles).toEqual(['user', 'assistant', 'tool', 'user', 'assistant']);
    const [, call, result] = outcome.trajectory.messages;
    expect(call?.tool_calls?.[0]?.function).toEqual({
      name: 'get_customer_details',
      arguments: '{"customer_id":"c1"}',
    });
    expect(result?.tool_call_id).toBe(call?.tool_calls?.[0]?.id);
    expect(result?.content).toBe('{"status":"success","message":"ok"}');
    expect(responseOf(outcome).tool_calls).toEqual(outcome.trajectory.toolCalls);
  });

  it('M4 agentv: an undeclared tool answers "Executed <name>"', async () => {
    const { bodies } = await run('agentv', task);
    expect(sentTexts(bodies)[1]).toBe('Executed get_customer_details');
  });

  it('M4 seed: an undeclared tool answers the Executed result in the seed relay form', async () => {
    const { bodies } = await run('seed', task);
    expect(sentTexts(bodies)[1]).toBe(
      `Tool 'get_customer_details' returned: {"status":"success","message":"Executed get_customer_details"}. Continue.`,
    );
  });

  it('M5 agentv: a result without message/content is relayed as its Python repr', async () => {
    const example = { tools: { get_customer_details: { output: { status: 'success', plan: '100' } } } };
    const { bodies } = await run('agentv', task, { example });
    expect(sentTexts(bodies)[1]).toBe("{'status': 'success', 'plan': '100'}");
  });

  it('M5 seed: a result without message/content is relayed as JSON', async () => {
    const example = { tools: { get_customer_details: { output: { status: 'success', plan: '100' } } } };
    const { bodies } = await run('seed', task, { example });
    expect(sentTexts(bodies)[1]).toBe(
      `Tool 'get_customer_details' returned: {"status":"success","plan":"100"}. Continue.`,
    );
  });
});

describe('M6/M7 call_multiple_tools', () => {
  const agentvText =
    'Tools returned: [{"status": "success", "message": "Executed a"}, {"status": "success", "message": "Executed b"}]';
  const seedText =
    `Tool 'a' returned: {"status":"success","message":"Executed a"}. ` +
    `Tool 'b' returned: {"status":"success","message":"Executed b"}. Continue.`;

  it('M6 agentv: runs tool_calls in order and relays Python json.dumps of the results', async () => {
    const { outcome, bodies } = await run('agentv', 'multi');
    expect(sentTexts(bodies)[1]).toBe(agentvText);
    expect(outcome.ok && outcome.trajectory.toolCalls.map((c) => [c.name, c.arguments])).toEqual([
      ['a', { x: 1 }],
      ['b', {}],
    ]);
  });

  it('M6 seed: relays one "Tool returned" segment per call', async () => {
    const { bodies } = await run('seed', 'multi');
    expect(sentTexts(bodies)[1]).toBe(seedText);
  });

  it('M7 agentv: legacy tool_names run with empty params and the same relay', async () => {
    const { outcome, bodies } = await run('agentv', 'multi-legacy');
    expect(sentTexts(bodies)[1]).toBe(agentvText);
    expect(outcome.ok && outcome.trajectory.toolCalls.map((c) => c.arguments)).toEqual([{}, {}]);
  });

  it('M7 seed: legacy tool_names are accepted', async () => {
    const { bodies } = await run('seed', 'multi-legacy');
    expect(sentTexts(bodies)[1]).toBe(seedText);
  });
});

describe('M8 governance', () => {
  const example = { policies: { apply_refund: { max_limit: 50 } } };

  it('M8 agentv: blocks amount 100, relays the violation repr, then executes amount 50', async () => {
    const { outcome, bodies } = await run('agentv', 'refund:100', { example });
    expect(sentTexts(bodies).slice(1)).toEqual([
      "{'status': 'policy_violation', 'violation': 'Amount 100 exceeds limit of 50'}",
      'Executed apply_refund',
    ]);
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.trajectory.violations).toEqual([
      { turn: 1, tool: 'apply_refund', policy: 'max_limit', message: 'Amount 100 exceeds limit of 50' },
    ]);
    expect(outcome.trajectory.toolCalls[0]?.error).toContain('policy_violation');
    expect(outcome.trajectory.toolCalls[1]).toEqual({
      turn: 2,
      name: 'apply_refund',
      arguments: { amount: 50 },
      result: { status: 'success', message: 'Executed apply_refund' },
    });
    expect(responseOf(outcome).violations).toHaveLength(1);
  });

  it('M8 seed: relays the GOVERNANCE ERROR text of the seed document', async () => {
    const { outcome, bodies } = await run('seed', 'refund:100', { example });
    expect(sentTexts(bodies)[1]).toBe(
      'GOVERNANCE ERROR: Amount 100 exceeds maximum allowed limit of 50. Please adjust.',
    );
    expect(sentTexts(bodies)[2]).toBe(
      `Tool 'apply_refund' returned: {"status":"success","message":"Executed apply_refund"}. Continue.`,
    );
    expect(outcome.ok && outcome.trajectory.violations.length).toBe(1);
  });

  it('blocks a forbidden tool without running it', async () => {
    const forbidden = {
      policies: { get_customer_details: { forbidden: true } },
      tools: { get_customer_details: { output: { message: 'secret' } } },
    };
    const { outcome, bodies } = await run('seed', 'tool:get_customer_details', { example: forbidden });
    expect(sentTexts(bodies)[1]).toBe(
      "GOVERNANCE ERROR: Tool 'get_customer_details' is forbidden. Please adjust.",
    );
    expect(outcome.ok && outcome.trajectory.violations[0]?.policy).toBe('forbidden');
  });
});

describe('M9 hitl_pause', () => {
  for (const profile of ['seed', 'agentv'] as const) {
    it(`M9 ${profile}: auto-approves with the CI-Override text, records the pause and counts a turn`, async () => {
      const { outcome, bodies } = await run(profile, 'hitl:need approval');
      expect(sentTexts(bodies)[1]).toBe('Auto-approved (CI-Override): need approval');
      if (!outcome.ok) throw new Error(outcome.error.message);
      expect(outcome.trajectory.turns).toBe(2);
      expect(outcome.trajectory.events.filter((e) => e.type === 'hitl_pause')).toEqual([
        { turn: 1, type: 'hitl_pause', data: { prompt: 'need approval' } },
      ]);
    });
  }

  it("M9: sends the example's scripted human reply instead when present", async () => {
    const { bodies } = await run('seed', 'hitl:need approval', { example: { human: 'approved by Ana' } });
    expect(sentTexts(bodies)[1]).toBe('approved by Ana');
    expect(bodies[1]?.conversation_history).toContainEqual({ role: 'human', content: 'approved by Ana' });
  });

  it("M9 seed: reads the seed document's `reason` field when there is no prompt", async () => {
    const { bodies } = await run('seed', 'hitl-reason:credit override');
    expect(sentTexts(bodies)[1]).toBe('Auto-approved (CI-Override): credit override');
  });
});

describe('M10/M14 turn accounting', () => {
  for (const profile of ['seed', 'agentv'] as const) {
    it(`M10 ${profile}: processing resends the same message and counts a turn`, async () => {
      const { outcome, bodies } = await run(profile, 'processing', { config: { maxTurns: 3 } });
      expect(sentTexts(bodies)).toEqual(['processing', 'processing', 'processing']);
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.error.kind).toBe('max_turns_exceeded');
    });
  }

  it('M10 seed: resent bodies carry increasing turn numbers', async () => {
    const { bodies } = await run('seed', 'processing', { config: { maxTurns: 2 } });
    expect(bodies.map((b) => b.turn)).toEqual([1, 2]);
  });

  it('M14: a never-terminal agent fails max_turns_exceeded after exactly maxTurns calls', async () => {
    const { outcome, bodies } = await run('agentv', 'loop', { config: { maxTurns: 4 } });
    expect(bodies).toHaveLength(4);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.kind).toBe('max_turns_exceeded');
      expect(outcome.trajectory?.turns).toBe(4);
    }
  });

  it('M14 seed: the default cap is 5 turns', async () => {
    const { bodies } = await run('seed', 'loop');
    expect(bodies).toHaveLength(5);
  });

  it('M14 agentv: the default cap is 20 turns', async () => {
    const { bodies } = await run('agentv', 'loop');
    expect(bodies).toHaveLength(20);
  });
});

describe('M11–M13 terminal and invalid actions', () => {
  it('M11 seed: provide_instructions ends the loop successfully with its summary', async () => {
    const { outcome } = await run('seed', 'instructions');
    expect(finalAnswer(outcome)).toBe('Guided the customer.');
  });

  it('M11 agentv: provide_instructions is an unknown action', async () => {
    const { outcome } = await run('agentv', 'instructions');
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.kind).toBe('unknown_action');
  });

  for (const profile of ['seed', 'agentv'] as const) {
    it(`M12 ${profile}: branch fails (evalc does not fork)`, async () => {
      const { outcome } = await run(profile, 'branch');
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.error.kind).toBe('unknown_action');
    });

    it(`M13 ${profile}: a reply without action and an unknown action fail unknown_action and count as invalid`, async () => {
      for (const task of ['empty', 'dance']) {
        const { outcome } = await run(profile, task);
        expect(outcome.ok).toBe(false);
        if (outcome.ok) continue;
        expect(outcome.error.kind).toBe('unknown_action');
        expect(outcome.trajectory?.invalidActions).toBe(1);
      }
    });
  }

  it("an error action fails with the agent's message", async () => {
    const { outcome } = await run('seed', 'error');
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.kind).toBe('contract_error');
      expect(outcome.error.message).toContain('agent broke');
      expect(responseOf(outcome).status).toBe('failure');
    }
  });

  it('call_tool without tool_name is a contract violation', async () => {
    const { outcome } = await run('agentv', 'no-tool-name');
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.kind).toBe('contract_violation');
  });

  it('completed ends the loop and the answer falls back to answer/content fields', async () => {
    expect(finalAnswer((await run('agentv', 'completed')).outcome)).toBe('done via completed');
    expect(finalAnswer((await run('seed', 'answer:forty-two')).outcome)).toBe('forty-two');
  });
});

describe('M15–M17 transport failures over HTTP', () => {
  it('M15: HTTP 500 fails http_500 quoting the agent error, without retrying', async () => {
    const { outcome, bodies } = await run('agentv', 'http500');
    expect(bodies).toHaveLength(1);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.kind).toBe('http_500');
      expect(outcome.error.message).toContain('internal agent failure');
    }
  });

  it('M15: HTTP 400 fails http_400', async () => {
    const { outcome } = await run('seed', 'http400');
    expect(!outcome.ok && outcome.error.kind).toBe('http_400');
  });

  it('M16: a JSON reply sent as text/plain is accepted with a content_type compatibility warning', async () => {
    const { outcome } = await run('agentv', 'text-plain');
    expect(finalAnswer(outcome)).toBe('plain');
    expect(outcome.ok && outcome.trajectory.events).toContainEqual({
      turn: 1,
      type: 'compat_warning',
      data: { warning: 'content_type' },
    });
  });

  it('M16: a JSON reply with application/json carries no warning', async () => {
    const { outcome } = await run('agentv', 'final:x');
    expect(outcome.ok && outcome.trajectory.events.some((e) => e.type === 'compat_warning')).toBe(false);
  });

  it('M17: no reply within the turn timeout fails timeout', async () => {
    const { outcome } = await run('seed', 'slow', { timeoutMs: 200 });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.kind).toBe('timeout');
  });
});

describe('task resolution', () => {
  it('uses the task_description field of an object input', async () => {
    const { bodies } = await run('agentv', { task_description: 'final:obj', other: 1 });
    expect(bodies).toEqual([{ task_description: 'final:obj' }]);
  });

  it('reads an object input without task_description as the request, after the task instructions', async () => {
    const { bodies } = await run('agentv', { query: 'x' }, { instructions: 'final:from-instructions' });
    expect(bodies).toEqual([{ task_description: 'final:from-instructions\n\nx' }]);
  });

  it('falls back to the task instructions when the input has no field', async () => {
    const { outcome } = await run('agentv', {}, { instructions: 'final:from-instructions' });
    expect(finalAnswer(outcome)).toBe('from-instructions');
  });

  it('fails config_error without any task text, sending nothing', async () => {
    const { outcome, bodies } = await run('agentv', {});
    expect(bodies).toHaveLength(0);
    expect(!outcome.ok && outcome.error.kind).toBe('config_error');
  });
});

describe('http endpoint and headers', () => {
  it('accepts a url that already ends in /execute_task', async () => {
    const adapter = makeMaeAdapter({
      transport: 'http',
      url: `${agent.url}/execute_task/`,
      profile: 'agentv',
    });
    const outcome = await adapter.invoke('final:full-url', maeContext());
    await adapter.close();
    expect(finalAnswer(outcome)).toBe('full-url');
  });

  it('sends plan headers with ${env.NAME} resolved from the runtime env, and never returns them', async () => {
    const before = agent.requests.length;
    const adapter = makeMaeAdapter(
      {
        transport: 'http',
        url: agent.url,
        profile: 'seed',
        headers: { authorization: 'Bearer ${env.MAE_TEST_TOKEN}' },
      },
      { env: { MAE_TEST_TOKEN: 'tok-5f1e9a' } },
    );
    const outcome = await adapter.invoke('http500', maeContext());
    await adapter.close();
    expect(agent.requests[before]?.headers.authorization).toBe('Bearer tok-5f1e9a');
    expect(JSON.stringify(outcome)).not.toContain('tok-5f1e9a');
  });
});

describe('M25 consecutive nodes', () => {
  it('M25 seed: each invocation starts with its own instruction at turn 1, in call order', async () => {
    const before = agent.requests.length;
    const adapter = makeMaeAdapter({ transport: 'http', url: agent.url, profile: 'seed' });
    try {
      const a = await adapter.invoke('final:A', maeContext());
      const b = await adapter.invoke('final:B', maeContext());
      expect([finalAnswer(a), finalAnswer(b)]).toEqual(['A', 'B']);
      const bodies = agent.requests.slice(before).map((r) => r.body);
      expect(bodies.map((body) => [body.task_description, body.turn])).toEqual([
        ['final:A', 1],
        ['final:B', 1],
      ]);
      expect(bodies[1]?.conversation_history).toEqual([{ role: 'user', content: 'final:B' }]);
    } finally {
      await adapter.close();
    }
  });
});

describe('M26 name discovery', () => {
  it('M26 seed: discovers the name by priority name > agent_name > metadata.name > metadata.agent_name > metadata.model', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'N', agent_name: 'A', metadata: { name: 'MN', model: 'MM' } }, 'N'],
      [{ agent_name: 'A', metadata: { name: 'MN', model: 'MM' } }, 'A'],
      [{ metadata: { name: 'MN', agent_name: 'MA', model: 'MM' } }, 'MN'],
      [{ metadata: { agent_name: 'MA', model: 'MM' } }, 'MA'],
      [{ metadata: { model: 'MM' } }, 'MM'],
    ];
    for (const [fields, expected] of cases) {
      const adapter = makeMaeAdapter({ transport: 'http', url: agent.url, profile: 'seed' });
      const outcome = await adapter.invoke(`identity:${JSON.stringify(fields)}`, maeContext());
      await adapter.close();
      expect(adapter.discoveredName()).toBe(expected);
      expect(responseOf(outcome).agent_name).toBe(expected);
      expect(
        outcome.ok && outcome.trajectory.events.find((e) => e.type === 'name_discovered')?.data,
      ).toMatchObject({
        name: expected,
      });
    }
  });

  it('M26 seed: the first discovered name sticks and a plan name wins', async () => {
    const adapter = makeMaeAdapter({ transport: 'http', url: agent.url, profile: 'seed' });
    await adapter.invoke('identity:{"name":"First"}', maeContext());
    await adapter.invoke('identity:{"name":"Second"}', maeContext());
    expect(adapter.discoveredName()).toBe('First');
    await adapter.close();

    const named = makeMaeAdapter({ transport: 'http', url: agent.url, profile: 'seed', name: 'Plan' });
    const outcome = await named.invoke('identity:{"name":"Agent"}', maeContext());
    expect(responseOf(outcome).agent_name).toBe('Plan');
    expect(await named.discover?.(new AbortController().signal)).toEqual({
      ok: true,
      discovery: { name: 'Plan' },
    });
    await named.close();
  });

  it('M26 agentv: ignores names in replies', async () => {
    const adapter = makeMaeAdapter({ transport: 'http', url: agent.url, profile: 'agentv' });
    const outcome = await adapter.invoke('identity:{"name":"X"}', maeContext());
    await adapter.close();
    expect(adapter.discoveredName()).toBeUndefined();
    expect(responseOf(outcome).agent_name).toBeUndefined();
    expect(outcome.ok && outcome.trajectory.events.some((e) => e.type === 'name_discovered')).toBe(false);
  });
});
