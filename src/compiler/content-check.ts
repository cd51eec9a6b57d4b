/**
 * Validate-time check of metric `content:` templates (judge, checklist): each is rendered for
 * every example with the context the executor gives it — the example (`vars.*`, `id`, …),
 * `expected`, and `candidate` / `candidates` holding the binding's output names. A name that is
 * not a binding output (`{{candidate.answr}}`) or a missing var / expected field would render
 * as an empty text at run time and be judged as such; here it is a diagnostic with a position.
 * Candidate values are unknown before a run: any path below a known output name is accepted.
 */
import { exampleContext, renderTemplate } from '../binding/template.js';
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import { didYouMean } from '../plan/suggest.js';
import { candidateStandIns } from './candidate-stand-ins.js';
import type { ResolvedGroup } from './resolve.js';
import { unknownVarHoldsKey, unknownVarSaid } from './unknown-var-said.js';

const MAX_LISTED = 5;

/**
 * A stand-in for a candidate value not known before the run: every property exists. An object, not
 * a function (QA308: Handlebars calls a function, so `{{#with candidate.obj}}{{text}}{{/with}}` read
 * `text` of the string it returned, and a whole `{{candidate.obj.text}}` found no object below
 * `obj`: both were refused, `EVALC_BIND_UNKNOWN_VAR`, where `D {{candidate.obj.text}}` passed).
 */
const ANY_VALUE: unknown = new Proxy(
  {},
  {
    has: () => true,
    // Handlebars reads only own properties of a template's context.
    getOwnPropertyDescriptor: (_target, property) =>
      typeof property === 'symbol' ? undefined : { configurable: true, enumerable: true, value: ANY_VALUE },
    get: (_target, property) => {
      if (property === Symbol.toPrimitive || property === 'toString' || property === 'valueOf')
        return () => 'value';
      if (property === 'toJSON') return () => 'value';
      if (property === 'length') return 0;
      if (typeof property === 'symbol') return undefined;
      return ANY_VALUE;
    },
  },
);

export function checkContentTemplates(
  group: ResolvedGroup,
  locate: (path: PlanPath) => SourcePosition | undefined,
  /** The outputs of every binding of the task: a name only another agent's binding has is a warning. */
  taskOutputs: ReadonlySet<string>,
): Diagnostic[] {
  const metrics = group.metrics.filter((m) => m.content !== undefined);
  if (metrics.length === 0) return [];
  const names = Object.keys(group.extraction.expressions);
  // an output that is always an object or a list (`{a: x}`, `items[*]`) cannot be printed in text (QA333)
  const candidate = candidateStandIns(group.extraction.expressions, ANY_VALUE);
  const out: Diagnostic[] = [];
  for (const metric of metrics) {
    const failures = new Map<string, { message: string; ids: string[]; count: number }>();
    for (const example of group.dataset.examples) {
      const context = {
        ...exampleContext(example),
        candidate,
        candidates: candidate,
        expected: example.expected,
      };
      const rendered = renderTemplate(metric.content!, context);
      if (rendered.ok) continue;
      const entry = failures.get(rendered.error.message) ?? {
        message: rendered.error.message,
        ids: [],
        count: 0,
      };
      entry.count++;
      if (entry.ids.length < MAX_LISTED) entry.ids.push(example.id);
      failures.set(rendered.error.message, entry);
    }
    const path = [...metric.path, 'content'];
    const total = group.dataset.examples.length;
    for (const failure of failures.values()) {
      const missing = /"([^"]+)" (?:is )?not defined/.exec(failure.message)?.[1];
      const unknownCandidate =
        missing === undefined || unknownVarHoldsKey(missing)
          ? undefined
          : candidateNameOf(missing, metric.content, names);
      const more =
        failure.count > failure.ids.length
          ? `, … (${failure.count} of ${total})`
          : ` (${failure.count} of ${total})`;
      out.push(
        unknownCandidate !== undefined && taskOutputs.has(unknownCandidate)
          ? diagnostic(
              'EVALC_REF_CANDIDATE_AGENT',
              `agent \`${group.agentId}\`'s binding has no output \`${unknownCandidate}\`: the content of \`${metric.id}\` renders empty for it`,
              path,
              {
                source: locate(path),
                severity: 'warning',
                hint: `add \`${unknownCandidate}\` to that binding's output, or give the agent its own metrics`,
              },
            )
          : unknownCandidate !== undefined
            ? diagnostic(
                'EVALC_REF_CANDIDATE',
                `content template of \`${metric.id}\` names unknown candidate \`${unknownCandidate}\` (not an output of this task's bindings)`,
                path,
                {
                  source: locate(path),
                  hint: didYouMean(unknownCandidate, names) ?? `outputs: ${names.join(', ') || 'none'}`,
                },
              )
            : diagnostic(
                missing ? 'EVALC_BIND_UNKNOWN_VAR' : 'EVALC_BIND_TEMPLATE',
                `content template of \`${metric.id}\` fails for dataset ${group.datasetId}, examples ${failure.ids.join(', ')}${more}: ${unknownVarSaid(failure.message)}`,
                path,
                {
                  source: locate(path),
                  // `{{answer}}` for the extracted answer: candidates live under `candidate.`.
                  ...(missing !== undefined && names.includes(missing)
                    ? { hint: `candidates are under candidate: write {{candidate.${missing}}}` }
                    : {}),
                },
              ),
      );
    }
  }
  return out;
}

/**
 * The unknown candidate name a failed lookup is about: `candidate.NAME…` in evalc's own
 * message, or a bare NAME that the template reads as `candidate.NAME` (Handlebars' message).
 */
function candidateNameOf(missing: string, node: unknown, names: string[]): string | undefined {
  const dotted = /^candidates?\.([^.[\]]+)/.exec(missing)?.[1];
  if (dotted !== undefined) return names.includes(dotted) ? undefined : dotted;
  const source = (node as { source?: unknown }).source;
  if (typeof source !== 'string' || names.includes(missing)) return undefined;
  const escaped = missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`candidates?\\.${escaped}\\b`).test(source) ? missing : undefined;
}
