/**
 * The `mae` script fields of an example, checked where the dataset is read (QA40): the sandbox
 * and governance read `tools` and `policies` leniently at run time ("unusable shapes declare
 * nothing", a `max_limit` that is no number never triggers), so a typo in a dataset — `tools: 5`,
 * `max_limit: "fifty"`, `forbidden: "yes"` — silently evaluated the agent without the mock or the
 * policy the author meant. Returns the field path and what is wrong, or undefined.
 */

export interface ScriptProblem {
  field: string;
  message: string;
}

export function exampleScriptProblem(example: {
  tools?: unknown;
  policies?: unknown;
}): ScriptProblem | undefined {
  const { tools, policies } = example;
  if (tools !== undefined) {
    if (!isRecord(tools))
      return { field: 'tools', message: `expected a mapping of tool names, got ${kind(tools)}` };
    for (const [name, spec] of Object.entries(tools)) {
      // `{when, output}` outside a list: the sandbox reads `output` and drops `when` (QA64).
      if (isRecord(spec) && 'output' in spec && 'when' in spec)
        return {
          field: `tools.${name}.when`,
          message: `a when: entry goes in a list: ${name}: [{ when, output }, …]`,
        };
      if (!Array.isArray(spec)) continue;
      for (const [i, entry] of spec.entries()) {
        if (!isRecord(entry)) continue;
        if (entry.when !== undefined && !isRecord(entry.when))
          return {
            field: `tools.${name}.${i}.when`,
            message: `expected a mapping of parameters, got ${kind(entry.when)}`,
          };
        // `{whne, output}` answered every call; `{when, result}` had itself as output (QA43).
        const extra = Object.keys(entry).find((key) => key !== 'when' && key !== 'output');
        if (extra !== undefined && ('when' in entry || 'output' in entry))
          return {
            field: `tools.${name}.${i}.${extra}`,
            message: 'an entry with when or output takes only those keys (when, output)',
          };
        // `{when}` alone answered its matching calls with the entry itself (QA64).
        if ('when' in entry && !('output' in entry))
          return {
            field: `tools.${name}.${i}`,
            message: "an entry with when: needs the tool's reply: add output: (what the call returns)",
          };
      }
    }
  }
  if (!isRecord(policies)) return undefined;
  for (const [tool, policy] of Object.entries(policies)) {
    if (!isRecord(policy)) continue;
    const at = `policies.${tool}`;
    // A key governance does not read (a typo such as `max_amount`) would leave the tool unguarded (QA43).
    const unknown = Object.keys(policy).find((key) => !POLICY_KEYS.includes(key));
    if (unknown !== undefined)
      return { field: `${at}.${unknown}`, message: `not a policy key (known: ${POLICY_KEYS.join(', ')})` };
    if (policy.max_limit !== undefined && !isNumeric(policy.max_limit))
      return { field: `${at}.max_limit`, message: `expected a number, got ${kind(policy.max_limit)}` };
    if (policy.forbidden !== undefined && typeof policy.forbidden !== 'boolean')
      return { field: `${at}.forbidden`, message: `expected true or false, got ${kind(policy.forbidden)}` };
    if (policy.param !== undefined && typeof policy.param !== 'string')
      return { field: `${at}.param`, message: `expected a parameter name, got ${kind(policy.param)}` };
    if (policy.allowed_values !== undefined) {
      if (!isRecord(policy.allowed_values))
        return {
          field: `${at}.allowed_values`,
          message: `expected a mapping of parameters to lists of values, got ${kind(policy.allowed_values)}`,
        };
      for (const [param, allowed] of Object.entries(policy.allowed_values))
        if (!Array.isArray(allowed))
          return {
            field: `${at}.allowed_values.${param}`,
            message: `expected a list of values, got ${kind(allowed)}`,
          };
    }
  }
  return undefined;
}

const POLICY_KEYS = ['max_limit', 'forbidden', 'allowed_values', 'param'];

/** As governance reads a limit: a finite number, or text that is one (`"50"`). */
function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return typeof value === 'object' ? 'a mapping' : String(value);
}
