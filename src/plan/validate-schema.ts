/**
 * Validates the merged plan against the zod schema and turns every zod issue into a
 * Diagnostic with a stable code and the `file:line:col` of the offending node.
 */
import type { z } from 'zod';
import type { Diagnostic, PlanPath, SourcePosition } from './diagnostic.js';
import { diagnostic } from './diagnostic.js';
import { headerNameDiagnostics } from './header-name-check.js';
import { withIdMaps } from './id-maps.js';
import { limitsKeyHint } from './limits-key-hint.js';
import { missingFieldHint } from './missing-field-hint.js';
import { protoKeyDiagnostics } from './proto-key-check.js';
import {
  bindingSchema,
  chatAgentSchema,
  datasetSchema,
  gateSchema,
  httpAgentSchema,
  maeAgentSchema,
  openaiAgentSchema,
  type Plan,
  planSchema,
  raipAgentSchema,
  runSchema,
  taskSchema,
} from './schema.js';
import { schemaKeysAt } from './schema-keys.js';
import { seedRangeHint } from './seed-range.js';
import { misspeltFieldHint, oneItemListHint, rubricRangeHint, shapeHint } from './shape-hints.js';
import { didYouMean, misspeltKeyHint, suggest } from './suggest.js';
import { PERCENT, unquotedNumberHint } from './unquoted-number-hint.js';
import { maskQueryText, maskUrlText } from './url-secrets.js';
import { quoteTextHint } from './written-scalar.js';

type Locate = (planPath: PlanPath, key?: string) => SourcePosition | undefined;
/** The text a plain scalar at `planPath` was written as (written-scalar.ts), when known. */
type Written = (planPath: PlanPath) => string | undefined;

export function validatePlanSchema(
  raw: unknown,
  locate: Locate,
  written?: Written,
): { plan?: Plan; diagnostics: Diagnostic[] } {
  const result = planSchema.safeParse(raw);
  const protoIds = [
    ...protoIdDiagnostics(raw, locate),
    ...protoKeyDiagnostics(raw, locate),
    // a header name apply would refuse, perhaps a key pasted as one (QA363)
    ...headerNameDiagnostics(raw, locate),
  ];
  if (result.success && protoIds.length === 0) return { plan: withIdMaps(result.data), diagnostics: [] };
  const issues = result.success ? [] : result.error.issues;
  const diagnostics = [
    ...protoIds,
    ...issues.flatMap((issue) => issueToDiagnostics(issue, raw, locate, written)),
  ];
  return { diagnostics: withoutMisspeltMissing(diagnostics) };
}

/**
 * A required key written misspelt (`dataset:` for `datasets:`) is said once, at the misspelling
 * with its "did you mean `datasets`?": it was also 'missing required field `datasets`', whose hint
 * said to add what the user had written (QA166).
 */
function withoutMisspeltMissing(diagnostics: Diagnostic[]): Diagnostic[] {
  const meant = new Set(
    diagnostics.flatMap((d) => {
      const key =
        d.code === 'EVALC_SCHEMA_UNKNOWN_KEY'
          ? /^did you mean `([^`]+)`\?$/.exec(d.hint ?? '')?.[1]
          : undefined;
      return key === undefined ? [] : [JSON.stringify([...d.path.slice(0, -1), key])];
    }),
  );
  if (meant.size === 0) return diagnostics;
  return diagnostics.filter((d) => d.code !== 'EVALC_SCHEMA_MISSING' || !meant.has(JSON.stringify(d.path)));
}

const ID_RULE = 'ids use ASCII letters, digits, "_", "-" and "." and start with a letter or digit';

/**
 * An id map's `__proto__` key (the YAML reader keeps it as an own key): zod's record skips it, so
 * its id rule never ran and the agent, task, dataset or judge vanished without a word — a plan
 * whose only task it was read 'the plan has no tasks' (QA104). The id error other keys get.
 */
function protoIdDiagnostics(raw: unknown, locate: Locate): Diagnostic[] {
  const out: Diagnostic[] = [];
  const check = (value: unknown, at: PlanPath) => {
    if (!isRecord(value) || !Object.hasOwn(value, '__proto__')) return;
    out.push(
      diagnostic(
        'EVALC_SCHEMA_INVALID',
        `${describePath(at)}: "__proto__" is not a valid id: ${ID_RULE}`,
        [...at, '__proto__'],
        {
          source: locate(at, '__proto__') ?? locate(at),
        },
      ),
    );
  };
  if (!isRecord(raw)) return out;
  for (const key of ['agents', 'judges', 'tasks', 'rubrics', 'prices']) check(raw[key], [key]);
  const tasks = raw.tasks;
  if (isRecord(tasks))
    for (const [taskId, task] of Object.entries(tasks))
      if (isRecord(task))
        for (const key of ['datasets', 'bindings']) check(task[key], ['tasks', taskId, key]);
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Keys users put on an agent that belong to a task's binding (DESIGN §2: TaskConfig). */
const BINDING_KEYS = new Set(['body', 'input', 'payload', 'template', 'request', 'output', 'extract']);

const REGRESSION_KEYS = ['max_drop', 'significance'];

function misplacedKeyHint(path: PlanPath, key: string, holder: unknown): string | undefined {
  // A regression bound written beside min: (QA176: `max_drop:` on the gate had no hint), misspelt
  // too when no key of the gate is nearer (QA179: `max_dorp:` had none).
  if (path.length === 2 && path[0] === 'gates') {
    const bound = REGRESSION_KEYS.includes(key)
      ? key
      : suggest(key, keysOf(gateSchema)) === undefined
        ? suggest(key, REGRESSION_KEYS)
        : undefined;
    // One its regression: sets already is told so (QA187: moved as told, `max_drop` was written twice).
    const regression = isRecord(holder) ? holder.regression : undefined;
    if (bound !== undefined && isRecord(regression) && Object.hasOwn(regression, bound))
      return `\`${bound}\` is set already in the gate's regression: { ${bound}: ${JSON.stringify(regression[bound])} }: keep the value you mean there, and remove \`${key}\``;
    if (bound !== undefined)
      return `${bound === key ? '' : `did you mean \`${bound}\`? `}\`${bound}\` goes inside the gate's regression: { ${bound}: … } (what is compared with the baseline lock)`;
  }
  if (path.length !== 2 || path[0] !== 'agents' || !BINDING_KEYS.has(key)) return undefined;
  return key === 'output' || key === 'extract'
    ? `what to read from the reply goes in a task binding: tasks.<task>.bindings.default.output (or bindings.${String(path[1])}.output), JMESPath per field`
    : `the request body is the task binding's input: tasks.<task>.bindings.default.input (or bindings.${String(path[1])}.input), templated with the example's vars`;
}

/**
 * A top-level `x-defaults: &lim {…}` (Compose's place for values kept for their anchor) is no plan
 * key: say where an anchor goes instead (QA161: the hint was none). Only for a mapping or a list,
 * what such a key holds: `_comment: "reviewed"` was told about anchors it never had (QA166).
 */
function anchorHolderHint(raw: unknown, path: PlanPath, key: string): string | undefined {
  if (path.length !== 0 || !/^(x-|_|\.)/i.test(key)) return undefined;
  const value = valueAt(raw, [key]);
  if (value === null || typeof value !== 'object') return undefined;
  return 'a plan has no key for values kept for their anchor: set the anchor where the value is first used (limits: &lim { concurrency: 4 }) and write *lim after it, in the same file';
}

/**
 * shared/protocols/chat.md's `compat: strict | clean` (explicit nulls or none) on a chat agent:
 * evalc has them as its history profiles, which the hint names (QA143).
 */
function chatCompatHint(raw: unknown, path: PlanPath, key: string): string | undefined {
  if (path.length !== 2 || path[0] !== 'agents' || key !== 'compat') return undefined;
  const agent = valueAt(raw, path);
  if (!isRecord(agent) || agent.protocol !== 'chat') return undefined;
  return agent.compat === 'clean'
    ? 'nulls are omitted under the default profile: write profile: seed (the contract document), or nothing'
    : 'explicit nulls, as the platform sends them, come with profile: platform (tool messages replayed too); profile: seed, the default, omits them';
}

export function issueToDiagnostics(
  issue: z.core.$ZodIssue,
  raw: unknown,
  locate: Locate,
  written?: Written,
): Diagnostic[] {
  const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)) as PlanPath;
  const where = describePath(path);
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => {
        const known = knownKeysAt(raw, path);
        const value = valueAt(raw, path);
        // The rest of a url's query, cut at a `,` in braces: its credentials masked (QA189).
        const shown = key.includes('=') ? maskQueryText(key) : key;
        return diagnostic(
          'EVALC_SCHEMA_UNKNOWN_KEY',
          `unknown key \`${shown}\`${where ? ` in ${where}` : ''}`,
          [...path, shown],
          {
            source: locate(path, key),
            hint:
              (key.includes('=') && isRecord(value) && typeof value.url === 'string'
                ? 'a `,` ends an unquoted value inside { … }: the url stopped there and the rest of it was read as this key; quote the url (url: "http://…?a=1,2")'
                : undefined) ??
              misplacedKeyHint(path, key, value) ??
              limitsKeyHint(path, key) ??
              anchorHolderHint(raw, path, key) ??
              chatCompatHint(raw, path, key) ??
              rubricRangeHint(path, key) ??
              misspeltKeyHint(key, known, value, issue.keys),
          },
        );
      });
    case 'invalid_type': {
      // A header's value is a secret (README "Secrets"): said by its type only, as the excerpt
      // masks it (QA166: `x-api-key: 987654321123` was printed in the message and its hint).
      const secret = isHeaderValue(path);
      const received = secret ? describeType(valueAt(raw, path)) : describeValue(valueAt(raw, path));
      if (received === 'undefined') {
        return [
          diagnostic('EVALC_SCHEMA_MISSING', missingFieldMessage(path), path, {
            source: locate(path.slice(0, -1)),
            hint: misspeltFieldHint(valueAt(raw, path.slice(0, -1)), path) ?? missingFieldHint(path),
          }),
        ];
      }
      const actual = valueAt(raw, path);
      // YAML reads 1.0, 2, yes/no as numbers and booleans: a version or an id wants quotes.
      // The hint quotes the value itself (`PORT: "7101"`, not a generic `"1.0"`, QA44); a version
      // may have lost its text (1.0 reads as 1), so it says that instead of guessing.
      const key = String(path.at(-1) ?? 'value');
      const quoteHint =
        issue.expected === 'string' && (typeof actual === 'number' || typeof actual === 'boolean')
          ? quoteTextHint(key, actual, secret ? undefined : written?.(path), secret)
          : // One item written without its list (`include: shared.yaml`, `agents: a1`; QA161).
            issue.expected === 'array' && (typeof actual === 'string' || typeof actual === 'number')
            ? oneItemListHint(key, actual)
            : // A number in quotes is text in YAML (`concurrency: "4"`; QA161).
              (issue.expected === 'number' || issue.expected === 'int') &&
                typeof actual === 'string' &&
                actual.trim() !== '' &&
                (Number.isFinite(Number(actual)) || PERCENT.test(actual))
              ? unquotedNumberHint(raw, path, key, actual)
              : issue.expected === 'int' && typeof actual === 'number'
                ? `a whole number: ${key}: ${Math.max(1, Math.round(actual))}`
                : shapeHint(issue.expected, actual, path, key);
      return [
        diagnostic(
          'EVALC_SCHEMA_TYPE',
          `${where || 'plan'}: expected ${describeExpected(issue.expected)}, got ${received}`,
          path,
          {
            source: locate(path),
            hint: quoteHint,
          },
        ),
      ];
    }
    case 'invalid_value': {
      const allowed = issue.values.map((v) => JSON.stringify(v));
      const actual = valueAt(raw, path);
      // A missing literal (`evalc: 1`) said "evalc: undefined is not one of 1" (QA44).
      if (actual === undefined) {
        return [
          diagnostic('EVALC_SCHEMA_MISSING', missingFieldMessage(path), path, {
            source: locate(path.slice(0, -1)),
            hint: `add ${String(path.at(-1))}: ${allowed.join(' or ')}${path.length === 1 && path[0] === 'evalc' ? ' (the plan language version) as the first line' : ''}`,
          }),
        ];
      }
      return [
        diagnostic(
          'EVALC_SCHEMA_VALUE',
          `${where}: ${JSON.stringify(actual)} is not one of ${allowed.join(', ')}`,
          path,
          {
            source: locate(path),
            hint: typeof actual === 'string' ? didYouMean(actual, issue.values.map(String)) : undefined,
          },
        ),
      ];
    }
    case 'invalid_union': {
      const actual = valueAt(raw, path);
      if (path.at(-1) === 'protocol' || (issue as { note?: string }).note?.includes('discriminator')) {
        const protocolPath = path.at(-1) === 'protocol' ? path : [...path, 'protocol'];
        const value = valueAt(raw, protocolPath);
        const protocols = ['raip', 'chat', 'mae', 'openai', 'http'];
        if (value === undefined) return [missingProtocol(raw, protocolPath, protocols, locate)];
        return [
          diagnostic(
            'EVALC_SCHEMA_VALUE',
            `${describePath(protocolPath)}: unknown protocol ${JSON.stringify(value)}`,
            protocolPath,
            {
              source: locate(protocolPath),
              hint:
                (typeof value === 'string' ? didYouMean(value, protocols) : undefined) ??
                `one of ${protocols.join(', ')}`,
            },
          ),
        ];
      }
      return [
        diagnostic(
          'EVALC_SCHEMA_TYPE',
          `${where}: ${describeValue(actual)} does not fit any allowed form`,
          path,
          { source: locate(path) },
        ),
      ];
    }
    case 'invalid_key': {
      // A record key (an agent, task, dataset or judge id) that is not an id: zod says only
      // "Invalid key in record"; say which key and the rule, pointing at the key itself.
      const key = path.at(-1);
      const parent = path.slice(0, -1);
      const rule = issue.issues[0]?.message ?? issue.message;
      return [
        diagnostic(
          'EVALC_SCHEMA_INVALID',
          `${describePath(parent) || 'plan'}: ${JSON.stringify(String(key))} is not a valid id: ${rule}`,
          path,
          { source: locate(parent, String(key)) ?? locate(path) },
        ),
      ];
    }
    default:
      return [
        diagnostic('EVALC_SCHEMA_INVALID', `${where || 'plan'}: ${issue.message}`, path, {
          source: locate(path),
          hint: seedRangeHint(path, valueAt(raw, path)),
        }),
      ];
  }
}

function missingFieldMessage(path: PlanPath): string {
  const parent = describePath(path.slice(0, -1));
  return `missing required field \`${path.at(-1) ?? ''}\`${parent ? ` in ${parent}` : ''}`;
}

/** An agent without `protocol:` (often a misspelt key): say so, not "unknown protocol undefined". */
function missingProtocol(
  raw: unknown,
  protocolPath: PlanPath,
  protocols: string[],
  locate: Locate,
): Diagnostic {
  const agentPath = protocolPath.slice(0, -1);
  const agent = valueAt(raw, agentPath);
  const keys = agent && typeof agent === 'object' ? Object.keys(agent) : [];
  const misspelt = keys.find((key) => didYouMean(key, ['protocol']) !== undefined);
  return diagnostic('EVALC_SCHEMA_MISSING', missingFieldMessage(protocolPath), protocolPath, {
    source: misspelt ? locate(agentPath, misspelt) : locate(agentPath),
    hint: misspelt
      ? `\`${misspelt}\`: did you mean \`protocol\`? (one of ${protocols.join(', ')})`
      : `add protocol: one of ${protocols.join(', ')}`,
  });
}

export function describePath(path: PlanPath): string {
  return path.map((seg, i) => (typeof seg === 'number' ? `[${seg}]` : i === 0 ? seg : `.${seg}`)).join('');
}

export function valueAt(raw: unknown, path: PlanPath): unknown {
  let node = raw;
  for (const seg of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[seg];
  }
  return node;
}

/** The keys a mapping of the plan may have, read off the zod schema (for "did you mean"). */
function knownKeysAt(raw: unknown, path: PlanPath): string[] {
  if (path.length === 0) return keysOf(planSchema);
  const section = path[0];
  if (section === 'run' && path.length === 1) return keysOf(runSchema);
  if (section === 'benchmark' && path.length === 1) return keysOf(planSchema.shape.benchmark);
  if (section === 'agents' && path.length === 2) {
    const protocol = (valueAt(raw, path) as { protocol?: unknown } | undefined)?.protocol;
    const variant = AGENT_SCHEMAS.find((v) => v.shape.protocol.value === protocol);
    return variant ? keysOf(variant) : [...new Set(AGENT_SCHEMAS.flatMap(keysOf))];
  }
  if (section === 'tasks' && path.length === 2) return keysOf(taskSchema);
  if (section === 'tasks' && path[2] === 'bindings' && path.length === 4) return keysOf(bindingSchema);
  if (section === 'tasks' && path[2] === 'datasets' && path.length === 4) return keysOf(datasetSchema);
  if (section === 'gates' && path.length === 2) return keysOf(gateSchema);
  if (section === 'gates' && path.length === 3 && path[2] === 'regression') return REGRESSION_KEYS;
  return schemaKeysAt(planSchema, raw, path);
}

const AGENT_SCHEMAS = [raipAgentSchema, chatAgentSchema, maeAgentSchema, openaiAgentSchema, httpAgentSchema];

function keysOf(schema: { shape: object }): string[] {
  return Object.keys(schema.shape);
}

/**
 * `agents.<id>.headers.<name>` or `judges.<id>.headers.<name>`; or an agent or judge written as a
 * scalar, a header line indented back to the agents' column (QA208: `agents.x-key: expected a
 * mapping, got the string "AbcdSecret99"`, which the excerpt masks).
 */
function isHeaderValue(path: PlanPath): boolean {
  if (path[0] !== 'agents' && path[0] !== 'judges') return false;
  return (path.length === 4 && path[2] === 'headers') || path.length === 2;
}

/** A value's kind without the value: `a number`, `a boolean`. */
function describeType(value: unknown): string {
  const described = describeValue(value);
  return typeof value === 'number' || typeof value === 'boolean'
    ? `a ${typeof value}`
    : described.startsWith('the string')
      ? 'a string'
      : described;
}

/** zod's type names in YAML words: `record`/`object` are mappings, `array` is a list. */
function describeExpected(expected: string): string {
  if (expected === 'record' || expected === 'object') return 'a mapping';
  if (expected === 'array') return 'a list';
  if (expected === 'int') return 'a whole number';
  return expected;
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(maskUrlText(value).replace(/^(.{40}).+$/s, '$1…'))}`;
  return `${typeof value} ${String(value)}`;
}
