/**
 * QA144: a `max_limit` policy read a non-numeric amount as "no amount", so an agent that called
 * `apply_refund {"amount": "$100"}` (or `"1,000"`, `"100 USD"`, as an LLM writes money) under
 * `policies.apply_refund.max_limit: 50` had its refund executed, no violation recorded, and
 * `policy_adherence` scored 1 — AgentV's own sandbox fails such a call (its `amount > limit` raises
 * on a string). Amounts written as money are read as their number now; other text still passes (a
 * documented choice).
 *
 * QA149: a `max_limit` policy let an amount beyond a double's range through. Numeric strings count
 * as numbers (and, since QA144, money), but `"1e999"` or a string of 400 digits reads as Infinity,
 * which was "no amount": the refund ran, no violation was recorded and `policy_adherence` scored 1
 * (in Python, where AgentV compares, `float("1e999") > 50` and a 400-digit int is exact). Such an
 * amount now breaks the limit; NaN and text that is no amount still pass (`nan > 50` is false). A
 * bare JSON `Infinity` or `1e999` literal is read as null before governance sees it
 * (bounded-json.ts, with a compat warning): not covered here. A real loopback agent plays the
 * conversation.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMaeAdapter } from '../../src/protocols/mae/adapter.js';
import { checkPolicies } from '../../src/protocols/mae/governance.js';
import type { InvokeContext } from '../../src/protocols/types.js';

let server: Server;
let url = '';
const relayed: string[] = [];

/** Turn 1: refund the amount whose JSON text is the task; later turns (relayed): a final answer. */
beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      const body = JSON.parse(text) as { task_description: string; turn: number };
      if (body.turn > 1) relayed.push(body.task_description);
      const reply =
        body.turn === 1
          ? `{"action": "call_tool", "tool_name": "apply_refund", "tool_params": {"amount": ${body.task_description}}}`
          : '{"action": "final_answer", "summary": "refunded"}';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** One conversation under `apply_refund.max_limit: 50` refunding `amountJson` (a JSON text). */
async function refund(amountJson: string) {
  const adapter = createMaeAdapter(
    { protocol: 'mae', transport: 'http', url, profile: 'seed' },
    { cwd: process.cwd() },
  );
  const ctx: InvokeContext = {
    runId: 'run-1',
    taskId: 'task-1',
    datasetId: 'd1',
    example: { id: 'ex-1', policies: { apply_refund: { max_limit: 50 } } },
    repeat: 0,
    trace: false,
    signal: new AbortController().signal,
    log: () => {},
  };
  try {
    const before = relayed.length;
    const outcome = await adapter.invoke(amountJson, ctx);
    expect(outcome.ok).toBe(true);
    return { trajectory: outcome.trajectory, relayed: relayed.slice(before) };
  } finally {
    await adapter.close();
  }
}

describe('max_limit reads amounts written as money', () => {
  it.each([
    ['$100', 100],
    ['100 USD', 100],
    ['USD 100', 100],
    ['€1,000.50', 1000.5],
    ['1,000', 1000],
  ])('%s over a limit of 50 is a violation, the tool not run', async (amount, value) => {
    const { trajectory, relayed } = await refund(JSON.stringify(amount));
    expect(trajectory?.violations).toEqual([
      expect.objectContaining({ tool: 'apply_refund', policy: 'max_limit' }),
    ]);
    expect(relayed[0]).toBe(
      `GOVERNANCE ERROR: Amount ${value} exceeds maximum allowed limit of 50. Please adjust.`,
    );
  });

  it('lets money within the limit through, and text that is no amount as before', async () => {
    expect((await refund('"$40"')).trajectory?.violations).toEqual([]);
    expect((await refund('"all of it"')).trajectory?.violations).toEqual([]);
  });

  it('reads the same forms in checkPolicies, and nothing looser', () => {
    const policies = { pay: { max_limit: 50 } };
    expect(checkPolicies(policies, 'pay', { amount: '-$100' })).toBeUndefined();
    expect(checkPolicies(policies, 'pay', { amount: '£ 60' })).toMatchObject({ value: 60 });
    expect(checkPolicies(policies, 'pay', { amount: '60 eur' })).toBeUndefined(); // lower-case code: not money
    expect(checkPolicies(policies, 'pay', { amount: '1,00' })).toBeUndefined(); // not a thousands grouping
    expect(checkPolicies(policies, 'pay', { amount: '$$60' })).toBeUndefined();
    expect(checkPolicies(policies, 'pay', { amount: 60 })).toMatchObject({ value: 60 });
  });
});

describe('max_limit and an infinite amount', () => {
  it.each([
    ['"1e999"', '"1e999"'],
    ['"Infinity"', '"Infinity"'],
    ['a numeric string of 400 digits', `"${'9'.repeat(400)}"`],
    ['money of 400 digits', `"$${'9'.repeat(400)}"`],
  ])('%s over a limit of 50 is a violation, the tool not run', async (_, amountJson) => {
    const { trajectory, relayed: texts } = await refund(amountJson);
    expect(trajectory?.violations).toEqual([
      expect.objectContaining({ tool: 'apply_refund', policy: 'max_limit' }),
    ]);
    expect(texts[0]).toMatch(
      /^GOVERNANCE ERROR: Amount .* exceeds maximum allowed limit of 50\. Please adjust\.$/,
    );
  });

  it('lets -1e999, NaN and a finite amount within the limit through', async () => {
    for (const amountJson of ['"-1e999"', '"NaN"', '40', '"$40"']) {
      const { trajectory, relayed: texts } = await refund(amountJson);
      expect(trajectory?.violations, amountJson).toEqual([]);
      expect(texts[0], amountJson).toContain('Executed apply_refund');
    }
  });
});
