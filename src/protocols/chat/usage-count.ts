/**
 * A Connexity usage count as the platform reads it: pydantic `int | None` in lax Python mode
 * (`TokenUsage` in backend/app/models/agent_contract.py, validated with
 * `AgentResponse.model_validate(resp.json())`). Accepted: an integer, an integral float (`12.0`),
 * a boolean (1 / 0), a string that is an integer after trimming whitespace — optional sign,
 * digits with single `_` separators, an optional `.000…` (`"1_000"`, `" +12.0 "`). Refused:
 * anything else (`12.5`, `"1e2"`, `"0x10"`, `"12."`).
 */
const INTEGER_TEXT = /^[+-]?\d(?:_?\d)*(?:\.0+)?$/;

/**
 * `invalid` when the platform would refuse the value; else the count evalc keeps — a safe
 * non-negative integer — or `undefined` for one the platform accepts but that is no count
 * (negative, or beyond 2^53 − 1: Python ints have no bound).
 */
export function usageCount(value: unknown): number | undefined | 'invalid' {
  let count: number;
  if (typeof value === 'boolean') count = value ? 1 : 0;
  else if (typeof value === 'number') {
    if (!Number.isInteger(value)) return 'invalid';
    count = value;
  } else if (typeof value === 'string') {
    const text = value.trim();
    if (!INTEGER_TEXT.test(text)) return 'invalid';
    count = Number(text.replace(/_/g, '').replace(/\.0+$/, ''));
  } else return 'invalid';
  return Number.isSafeInteger(count) && count >= 0 ? count + 0 : undefined;
}
