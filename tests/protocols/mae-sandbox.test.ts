/** The mae tool sandbox and governance rules, directly and through the action loop. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPolicies } from '../../src/protocols/mae/governance.js';
import { readToolTable, runSandboxTool } from '../../src/protocols/mae/sandbox.js';
import { finalAnswer, maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';
import { type MaeHttpAgent, startMaeHttpAgent } from '../fixtures/mae-http-agent.js';

describe('tool sandbox', () => {
  const table = readToolTable({
    get_plan: [
      { when: { tier: 'gold' }, output: { message: 'gold plan' } },
      { when: { tier: 'silver', region: { country: 'PT' } }, output: { message: 'silver PT' } },
      { output: { message: 'basic plan' } },
    ],
    get_status: { output: { status: 'up' } },
    only_gold: [{ when: { tier: 'gold' }, output: 'gold only' }],
  });

  it('answers the first entry whose `when` is a subset of the params', () => {
    expect(runSandboxTool(table, 'get_plan', { tier: 'gold', extra: 1 }).result).toEqual({
      message: 'gold plan',
    });
    expect(
      runSandboxTool(table, 'get_plan', { tier: 'silver', region: { country: 'PT', city: 'Porto' } }).result,
    ).toEqual({
      message: 'silver PT',
    });
    expect(runSandboxTool(table, 'get_plan', { tier: 'silver', region: { country: 'ES' } }).result).toEqual({
      message: 'basic plan',
    });
    expect(runSandboxTool(table, 'get_status', {}).result).toEqual({ status: 'up' });
  });

  it('reports a declared tool whose entries match nothing', () => {
    expect(runSandboxTool(table, 'only_gold', { tier: 'bronze' }).kind).toBe('no_match');
  });

  it('answers undeclared tools with "Executed <name>", invalid only when the example declares tools', () => {
    expect(runSandboxTool(table, 'refund', {})).toEqual({
      kind: 'undeclared',
      result: { status: 'success', message: 'Executed refund' },
      invalid: true,
    });
    expect(runSandboxTool(readToolTable(undefined), 'refund', {})).toMatchObject({
      kind: 'undeclared',
      invalid: false,
    });
  });
});

describe('governance', () => {
  const policies = {
    apply_refund: { max_limit: 50 },
    transfer: { max_limit: 1000, param: 'total' },
    delete_account: { forbidden: true },
    set_plan: { allowed_values: { tier: ['basic', 'gold'] } },
  };

  it('max_limit: 40 and 50 pass, 100 breaks (AgentV test_policy_guardrails)', () => {
    expect(checkPolicies(policies, 'apply_refund', { amount: 40 })).toBeUndefined();
    expect(checkPolicies(policies, 'apply_refund', { amount: 50 })).toBeUndefined();
    expect(checkPolicies(policies, 'apply_refund', { amount: 100 })).toEqual({
      policy: 'max_limit',
      tool: 'apply_refund',
      param: 'amount',
      value: 100,
      limit: 50,
    });
  });

  it('max_limit reads `value` when there is no amount, numeric strings, and a named param', () => {
    expect(checkPolicies(policies, 'apply_refund', { value: '75' })).toMatchObject({
      param: 'value',
      value: 75,
    });
    expect(checkPolicies(policies, 'transfer', { total: 1001, amount: 1 })).toMatchObject({ param: 'total' });
    expect(checkPolicies(policies, 'apply_refund', { note: 'no amount' })).toBeUndefined();
  });

  it('forbidden and allowed_values', () => {
    expect(checkPolicies(policies, 'delete_account', {})).toEqual({
      policy: 'forbidden',
      tool: 'delete_account',
    });
    expect(checkPolicies(policies, 'set_plan', { tier: 'gold' })).toBeUndefined();
    expect(checkPolicies(policies, 'set_plan', { tier: 'platinum' })).toMatchObject({
      policy: 'allowed_values',
      param: 'tier',
    });
    expect(checkPolicies(policies, 'set_plan', {})).toBeUndefined();
    expect(checkPolicies(undefined, 'set_plan', { tier: 'x' })).toBeUndefined();
  });
});

describe('sandbox and governance in the loop', () => {
  let agent: MaeHttpAgent;
  beforeAll(async () => {
    agent = await startMaeHttpAgent();
  });
  afterAll(async () => {
    await agent.close();
  });

  it('counts a call to an undeclared tool as invalid when the example declares tools, and still answers it', async () => {
    const adapter = makeMaeAdapter({ transport: 'http', url: agent.url, profile: 'agentv' });
    const outcome = await adapter.invoke(
      'tool:unknown_tool',
      maeContext({ example: { tools: { other: { output: 1 } } } }),
    );
    await adapter.close();
    expect(finalAnswer(outcome)).toBe('echo:Executed unknown_tool');
    if (!outcome.ok) return;
    expect(outcome.trajectory.invalidActions).toBe(1);
    expect(outcome.trajectory.toolCalls[0]?.error).toContain('not declared');
  });

  it('agentv: relays the allowed_values violation as the Python repr of the violation object', async () => {
    const adapter = makeMaeAdapter({ transport: 'http', url: agent.url, profile: 'agentv' });
    const example = { policies: { set_plan: { allowed_values: { tier: ['basic'] } } } };
    const outcome = await adapter.invoke('tool:set_plan {"tier":"gold"}', maeContext({ example }));
    await adapter.close();
    expect(finalAnswer(outcome)).toBe(
      "echo:{'status': 'policy_violation', 'violation': \"Value 'gold' for tier is not allowed\"}",
    );
  });
});
