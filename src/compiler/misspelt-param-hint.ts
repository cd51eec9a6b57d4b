/**
 * The hint of a metric's unknown parameter (`expectd:`): the parameter it may have meant and what
 * it holds to move there, as a plan's keys are told (suggest.ts' misspeltKeyHint) — unless that
 * parameter cannot hold it: tool_call_match's `expectd: [ lookup ]` beside `expected: []` was told to
 * move its item under `expected`, which takes a text (the path of the expected calls in an example),
 * and moved as told it read 'expected: expected string, received array' (QA206). It names the
 * parameter that takes such a value instead (`calls`), or says what the one it meant takes.
 */
import { misspeltKeyHint } from '../plan/suggest.js';
import type { MetricInfo } from './metric-catalog.js';

export function misspeltParamHint(
  key: string,
  info: MetricInfo,
  config: Record<string, unknown>,
  params: Record<string, unknown>,
  unknown: readonly string[],
  known: readonly string[],
): string | undefined {
  const hint = misspeltKeyHint(key, known, config, unknown);
  // 'did you mean `expected`?' too, with no `expected` beside it (QA213: renamed as told, `expectd: [
  // lookup ]` read 'expected: expected string, received array', no hint).
  const meant = /^did you mean `([^`]+)`\?$/.exec(hint ?? '')?.[1];
  const best =
    meant ?? /^`([^`]+)` (?:beside it is empty|is set already beside it): move /.exec(hint ?? '')?.[1];
  if (best === undefined || !info.paramNames.includes(best)) return hint;
  const held = params[key];
  const rest = Object.fromEntries(Object.entries(params).filter(([k]) => k !== key));
  const takes = (name: string, value: unknown) =>
    !info.validateParams({ ...rest, [name]: value }).some((issue) => issue.path[0] === name);
  if (takes(best, held)) return hint;
  // A value where a list goes (`checkponts: refund` by `checkpoints: []`) is that list's item.
  const scalar = held === null || typeof held !== 'object';
  if (scalar && takes(best, [held]))
    return `\`${best}\` takes a list: move the value of \`${key}\` under \`${best}\` as its item, ${best}: [ … ]`;
  const what = info.paramHelp[best];
  const refused = `\`${best}\` cannot hold what \`${key}\` holds${what ? ` (${best}: ${what})` : ''}`;
  // Another parameter is offered for a list or mapping only, and only the one that takes it: many
  // take a text (`expected`, a path), which a value misspelt would mean otherwise there.
  const others = scalar
    ? []
    : info.paramNames.filter((name) => name !== best && params[name] === undefined && takes(name, held));
  const other = others.length === 1 ? others[0] : undefined;
  if (other === undefined && meant !== undefined) return what ? `${hint} (${best}: ${what})` : hint;
  return other === undefined
    ? `${refused}: it cannot move there; remove \`${key}\` if it is a misspelt copy`
    : `${refused}: move it under \`${other}\`${info.paramHelp[other] ? ` (${other}: ${info.paramHelp[other]})` : ''}`;
}
