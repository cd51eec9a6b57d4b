/**
 * validate renders every example's input: each failing template leaf is one diagnostic naming the
 * examples it fails for — every leaf, not only the first of each example (QA57) — and a var some
 * examples lack while others have it says so, instead of "did you mean" the very name (QA57).
 */

import type { Diagnostic } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import { didYouMean } from '../plan/suggest.js';
import { ChatTurnsReplaceCheck } from './chat-turns-check.js';
import type { CompiledGroup } from './compile.js';
import type { ResolvedExample } from './datasets.js';
import { exampleInputErrors, renderExampleInput } from './example-input.js';
import { EXAMPLE_KEYS } from './example-key-typo.js';
import type { ResolvedPlan } from './resolve.js';
import { unknownVarHoldsKey, unknownVarSaid } from './unknown-var-said.js';

const MAX_LISTED = 5;

/** Renders every example's input; reports each failing template leaf with the examples it fails for. */
export function checkGroupTemplates(resolved: ResolvedPlan, compiled: CompiledGroup): Diagnostic[] {
  const { group } = compiled;
  const failures = new Map<
    string,
    { message: string; path: (string | number)[]; ids: string[]; count: number; first: ResolvedExample }
  >();
  // A chat agent's input must be a string or {messages: [...]} unless the example's turns say
  // everything (protocols/chat/conversation-script.ts); else every such example is a contract_error
  // (a warning, not an error: the plan's other agents still run).
  const chatMisfits = { ids: [] as string[], count: 0 };
  // A message's content is text in the chat and OpenAI contracts; `content: "{{order_id}}"` keeps
  // a number's JSON type (a one-placeholder leaf): chat refuses it at apply, an OpenAI server too (QA57).
  const protocol = resolved.plan.agents[group.agentId]?.protocol;
  const textContent = protocol === 'chat' || protocol === 'openai';
  const nonText = { ids: [] as string[], count: 0, at: [] as (string | number)[], type: '' };
  const turnsReplace = new ChatTurnsReplaceCheck(group);
  // An http GET sends its input as the query string: one that renders to anything but a mapping
  // (or null) fails each example contract_error before it is sent (QA229: validate was silent).
  const agent = resolved.plan.agents[group.agentId] as { method?: string } | undefined;
  const getQuery = protocol === 'http' && agent?.method === 'GET';
  const getMisfits = { ids: [] as string[], count: 0, type: '' };
  // Only renders: the keys are not needed here, and deriving them doubled `evalc plan`'s time.
  for (const example of group.dataset.examples) {
    const rendered = renderExampleInput(group, example);
    if (rendered.ok) {
      turnsReplace.see(example, rendered.value);
      // An example's turns replace a chat input's user messages (example-input.ts).
      const turnsSpeak = Boolean(group.turnsAreTheUser && example.turns?.length);
      const misfit = textContent ? nonTextContent(rendered.value, turnsSpeak) : undefined;
      if (misfit) {
        if (nonText.count++ === 0) Object.assign(nonText, misfit);
        if (nonText.ids.length < MAX_LISTED) nonText.ids.push(example.id);
      }
      if (getQuery && !isQueryInput(rendered.value)) {
        if (getMisfits.count++ === 0) getMisfits.type = jsonType(rendered.value);
        if (getMisfits.ids.length < MAX_LISTED) getMisfits.ids.push(example.id);
      }
      // An openai agent has the same contract, and no turns (QA64: DESIGN's default `{query}` input).
      const shapeChecked = protocol === 'openai' || (group.turnsAreTheUser && !example.turns?.length);
      if (shapeChecked && !isChatInput(rendered.value)) {
        chatMisfits.count++;
        if (chatMisfits.ids.length < MAX_LISTED) chatMisfits.ids.push(example.id);
      }
      continue;
    }
    for (const error of exampleInputErrors(group, example)) {
      const leafKey = error.path.join('.');
      const entry = failures.get(leafKey) ?? {
        message: error.message,
        path: error.path,
        ids: [],
        count: 0,
        first: example,
      };
      entry.count++;
      if (entry.ids.length < MAX_LISTED) entry.ids.push(example.id);
      failures.set(leafKey, entry);
    }
  }
  const out: Diagnostic[] = [...turnsReplace.diagnostics(resolved.loaded.locate)];
  const total = group.dataset.examples.length;
  for (const failure of failures.values()) {
    const planPath = ['tasks', group.taskId, 'bindings', group.bindingName, 'input', ...failure.path];
    const more =
      failure.count > failure.ids.length
        ? `, … (${failure.count} of ${total})`
        : ` (${failure.count} of ${total})`;
    const unknownVar = /"([^"]+)" (?:is )?not defined/.exec(failure.message)?.[1];
    out.push(
      diagnostic(
        unknownVar ? 'EVALC_BIND_UNKNOWN_VAR' : 'EVALC_BIND_TEMPLATE',
        `template fails for dataset ${group.datasetId}, examples ${failure.ids.join(', ')}${more}: ${unknownVarSaid(failure.message)}`,
        planPath,
        {
          source: resolved.loaded.locate(planPath),
          hint: unknownVar
            ? unknownVarHoldsKey(unknownVar)
              ? KEYED_VAR_HINT
              : hintForVar(unknownVar, failure.first, group.dataset.examples, failure.count)
            : undefined,
        },
      ),
    );
  }
  if (chatMisfits.count > 0) {
    const planPath = ['tasks', group.taskId, 'bindings', group.bindingName, 'input'];
    const more =
      chatMisfits.count > chatMisfits.ids.length
        ? `, … (${chatMisfits.count} of ${total})`
        : ` (${chatMisfits.count} of ${total})`;
    const openai = protocol === 'openai';
    out.push(
      diagnostic(
        openai ? 'EVALC_BIND_OPENAI_INPUT' : 'EVALC_BIND_CHAT_INPUT',
        `${openai ? 'openai' : 'chat'} agent \`${group.agentId}\` gets binding \`${group.bindingName}\`, whose input is not a string or {messages: [...]}, for dataset ${group.datasetId}, examples ${chatMisfits.ids.join(', ')}${more}${openai ? '' : ' (they have no turns)'}`,
        planPath,
        {
          source: resolved.loaded.locate(planPath),
          severity: 'warning',
          hint: `each of them will fail (contract_error): give the agent its own binding (bindings.${group.agentId}: input: {messages: [{role: user, content: "{{…}}"}]})${openai ? '' : ', or the examples turns'}`,
        },
      ),
    );
  }
  if (getMisfits.count > 0) {
    const planPath = ['tasks', group.taskId, 'bindings', group.bindingName, 'input'];
    const more = getMisfits.count > getMisfits.ids.length ? ', …' : '';
    out.push(
      diagnostic(
        'EVALC_BIND_GET_INPUT',
        `http agent \`${group.agentId}\` (method: GET) gets binding \`${group.bindingName}\`, whose input renders to a ${getMisfits.type}, not a mapping, for dataset ${group.datasetId}, examples ${getMisfits.ids.join(', ')}${more} (${getMisfits.count} of ${total}): a GET sends its input as the query string, so each fails contract_error before it is sent`,
        planPath,
        {
          source: resolved.loaded.locate(planPath),
          severity: 'warning',
          hint: `write the input as a mapping of query parameters (input: { q: "{{…}}" })${group.bindingName === group.agentId ? '' : `, or give the agent its own binding (bindings.${group.agentId})`}`,
        },
      ),
    );
  }
  if (nonText.count > 0) {
    const planPath = ['tasks', group.taskId, 'bindings', group.bindingName, 'input', ...nonText.at];
    const more =
      nonText.count > nonText.ids.length
        ? `, … (${nonText.count} of ${total})`
        : ` (${nonText.count} of ${total})`;
    out.push(
      diagnostic(
        'EVALC_BIND_MESSAGE_CONTENT',
        `${protocol} agent \`${group.agentId}\`: message content renders to a ${nonText.type}, not text, for dataset ${group.datasetId}, examples ${nonText.ids.join(', ')}${more}: ${protocol === 'chat' ? 'each fails contract_error before it is sent' : 'the API takes text, and servers refuse it (HTTP 400)'}`,
        planPath,
        {
          source: resolved.loaded.locate(planPath),
          severity: 'warning',
          hint: 'a leaf that is one placeholder keeps the var\'s JSON type; write text around it ("Order {{order_id}}"), or {{json order_id}} for a number\'s text',
        },
      ),
    );
  }
  return out;
}

/** What an http GET can send as its query string: a mapping, or nothing (adapter.ts). */
function isQueryInput(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'object' && !Array.isArray(value));
}

function jsonType(value: unknown): string {
  return Array.isArray(value) ? 'list' : typeof value === 'string' ? 'string' : typeof value;
}

/** The first message of `{messages: [...]}` whose content is neither text, null nor a list of parts. */
function nonTextContent(
  value: unknown,
  skipUser: boolean,
): { at: (string | number)[]; type: string } | undefined {
  const messages = (value as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(messages)) return undefined;
  for (const [i, message] of messages.entries()) {
    const { role, content } = (message ?? {}) as { role?: unknown; content?: unknown };
    if (skipUser && role === 'user') continue;
    if (content === undefined || content === null || typeof content === 'string' || Array.isArray(content))
      continue;
    return { at: ['messages', i, 'content'], type: typeof content === 'object' ? 'object' : typeof content };
  }
  return undefined;
}

function isChatInput(value: unknown): boolean {
  if (typeof value === 'string') return true;
  return (
    value !== null && typeof value === 'object' && Array.isArray((value as { messages?: unknown }).messages)
  );
}

/** The hint of a name that reads as a key pasted in a placeholder (QA335: no name to suggest from it). */
const KEYED_VAR_HINT =
  "a template reads the example's vars, never the environment: a secret goes in a header as ${env.NAME}, with NAME set where apply runs";

/**
 * A var the other examples have is no typo: say that these examples lack it. Otherwise the
 * closest var of the first failing example (not of the dataset's first example, which may be
 * the very name), or that example's vars.
 */
function hintForVar(
  name: string,
  failing: ResolvedExample,
  examples: readonly ResolvedExample[],
  failingCount: number,
): string {
  const bare = name.replace(/^(?:vars|this|@root)\./, '');
  const segments = bare.split('.').map((s) => s.replace(/^\[(\d+)\]$/, '$1'));
  const having = examples.filter((e) => hasPath(e.vars, segments)).length;
  if (having > 0) {
    const root = segments[0]!;
    // QA174: one example that wrote it beside `vars` (the others in it) was told to give it to
    // every example, which it had.
    const misplaced = outsideVars(root, failing, Object.keys(failing.vars).length === 0);
    if (misplaced)
      return `${failingCount} example(s) lack \`${bare}\` in \`vars\`, which ${having} other(s) have: ${misplaced}`;
    return `${failingCount} example(s) lack \`${bare}\`, which ${having} other(s) have: give it to every example, or render it only when present ({{#if ${root}}}…{{/if}})`;
  }
  const known = Object.keys(failing.vars);
  return (
    didYouMean(bare, known) ??
    outsideVars(segments[0]!, failing, known.length === 0) ??
    `example vars: ${known.join(', ') || 'none'}`
  );
}

/**
 * The variable written beside `vars` instead of in it: at the example's top level
 * (`{"id": "e1", "q": …}`) or in another mapping (`{"id": "e1", "input": {"q": …}}`), both kept as
 * data that no template reads. It said `example vars: none`, which did not say where vars go.
 */
function outsideVars(root: string, failing: ResolvedExample, noVars: boolean): string | undefined {
  const row = failing as unknown as Record<string, unknown>;
  // Keys evalc reads (`expected`, `tools`…) are no misplaced vars.
  const read = new Set<string>(EXAMPLE_KEYS);
  const where =
    Object.hasOwn(row, root) && !read.has(root)
      ? 'at its top level'
      : Object.keys(row).find((key) => {
          const value = row[key];
          return !read.has(key) && isMapping(value) && Object.hasOwn(value, root);
        });
  if (where === undefined) return undefined;
  const place = where === 'at its top level' ? where : `under \`${where}\``;
  const fix =
    where === 'at its top level'
      ? `{"id": …, "vars": {"${root}": …}}`
      : noVars
        ? `rename \`${where}\` to \`vars\``
        : `move it into \`vars\``;
  return `example ${failing.id} has \`${root}\` ${place}, kept as data: a template reads an example's \`vars\` (${fix})`;
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function hasPath(vars: unknown, segments: readonly string[]): boolean {
  let node = vars;
  for (const segment of segments) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, segment)) return false;
    node = (node as Record<string, unknown>)[segment];
  }
  return true;
}
