/**
 * Which `openai` requests evalc sends `stream_options: {include_usage: true}` (QA150,
 * protocols/openai/stream-usage.ts): their invoke keys carry the wire tag `openai-stream-usage`,
 * so answers cached before evalc sent the field are asked again. An object template is read as
 * written (`stream:` not literally false, no `stream_options` of its own): every example of the
 * group is tagged. An input that is one variable (`input: "{{conv}}"`) is read from what each
 * example renders, and only an example whose input streams is tagged (QA153: such a group was
 * never tagged, so the same streamed request was keyed two ways — untagged from a variable,
 * tagged when written out — and an upgrade reused the answers cached without usage; QA155: the
 * tag was the group's, so adding one streaming example re-invoked every other example of the
 * dataset, `plan` saying "because the example changed" of examples that had not).
 */
import { renderExampleInput } from './example-input.js';
import type { ResolvedGroup } from './resolve.js';

export const OPENAI_STREAM_WIRE = 'openai-stream-usage';

/**
 * An `openai` input template that may stream (`stream:` not literally false) and has no
 * `stream_options` of its own: evalc adds `{include_usage: true}` to its requests.
 */
export function streamsWithoutOptions(template: ResolvedGroup['template']): boolean {
  if (template.kind !== 'object') return false;
  const stream = template.entries.find(([key]) => key === 'stream')?.[1];
  if (stream === undefined || (stream.kind === 'literal' && stream.value !== true)) return false;
  return !template.entries.some(([key]) => key === 'stream_options');
}

/** A rendered input that streams without `stream_options` of its own (stream-usage.ts adds them). */
export function inputStreamsWithoutOptions(input: unknown): boolean {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return false;
  const fields = input as { stream?: unknown; stream_options?: unknown };
  return fields.stream === true && fields.stream_options === undefined;
}

/** Whether a group's requests may be sent `stream_options` by evalc: its template, or for a whole-variable input, what an example renders. */
export function groupStreamsWithoutOptions(group: ResolvedGroup): boolean {
  if (group.template.kind === 'object') return streamsWithoutOptions(group.template);
  if (group.template.kind !== 'leaf') return false;
  return group.dataset.examples.some((example) => {
    const rendered = renderExampleInput(group, example);
    return rendered.ok && inputStreamsWithoutOptions(rendered.value);
  });
}
