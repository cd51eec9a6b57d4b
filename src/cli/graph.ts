import type { CompiledPlan } from '../compiler/compile.js';
import { loadPlan } from '../compiler/load-plan.js';
import { groupSteps } from '../compiler/step-keys.js';
import { hasErrors } from '../plan/diagnostic.js';
import { parseCommandArgs, planArgument } from './args.js';
import { commandOptions, commandUsage } from './command-help.js';
import type { CommandContext } from './context.js';
import { EXIT, ExitError, invalidPlanExit } from './exit-error.js';
import { renderDiagnostics } from './render-diagnostics.js';
import { ignorePlanStateDirIfMade } from './state-dir-ignore.js';

const USAGE = commandUsage('graph');

interface Edge {
  from: string;
  to: string;
}

export async function graphCommand(ctx: CommandContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(ctx.args, commandOptions('graph'), USAGE, 1);
  const format = values.format;
  if (format !== 'mermaid' && format !== 'dot')
    // Named as diff's and report's are, with the formats graph takes (QA183: `unknown format svg`).
    throw new ExitError(EXIT.usage, `unknown --format "${String(format)}" (mermaid or dot)\nusage: ${USAGE}`);
  // Remote datasets are fetched and pinned as `plan` does (offline, a first graph of such a plan failed).
  const file = planArgument(positionals, ctx.cwd);
  // Pinning one makes .evalc/: it gets apply's .gitignore (QA328: git status listed .evalc/).
  const result = await loadPlan(file, { cwd: ctx.cwd, offline: false }).finally(
    ignorePlanStateDirIfMade(file, ctx.cwd),
  );
  if (hasErrors(result.diagnostics) || !result.compiled) {
    ctx.stderr(`${renderDiagnostics(result.diagnostics, ctx.cwd, positionals[0])}\n`);
    return invalidPlanExit(result.diagnostics);
  }
  const { nodes, edges } = values.examples ? expandedGraph(result.compiled) : collapsedGraph(result.compiled);
  ctx.stdout(format === 'dot' ? renderDot(nodes, edges) : renderMermaid(nodes, edges));
  return EXIT.ok;
}

function collapsedGraph(compiled: CompiledPlan): { nodes: Map<string, string>; edges: Edge[] } {
  const graph = compiled.graph;
  const nodes = new Map<string, string>();
  for (const id of graph.nodes().sort()) {
    const label = (graph.node(id) as { label?: string } | undefined)?.label ?? id;
    nodes.set(id, `${id.split('/')[0]} ${label}`);
  }
  const edges = graph.edges().map((e) => ({ from: e.v, to: e.w }));
  return { nodes, edges: sortEdges(edges) };
}

function expandedGraph(compiled: CompiledPlan): { nodes: Map<string, string>; edges: Edge[] } {
  const { nodes, edges } = collapsedGraph(compiled);
  for (const { group, keys } of compiled.groups) {
    for (const step of groupSteps(group, keys)) {
      const invoke = `invoke/${step.id}`;
      const extract = `extract/${step.id}`;
      nodes.set(invoke, `invoke ${step.id}`);
      nodes.set(extract, `extract ${step.id}`);
      edges.push(
        { from: `fetch/dataset/${group.taskId}/${group.datasetId}`, to: invoke },
        { from: `fetch/agent/${group.agentId}`, to: invoke },
        { from: invoke, to: extract },
      );
      for (const metric of group.metrics) {
        // Repeat- and set-level metrics have no per-example score step (computed by aggregate).
        if (step.scoreKeys[metric.id] === undefined) continue;
        const score = `score/${step.id}/${metric.id}`;
        nodes.set(score, `score ${step.id}/${metric.id}`);
        edges.push({ from: extract, to: score }, { from: score, to: `aggregate/${group.id}` });
        // A judge's score needs the judge, as its group's score node does (QA51: only that one had the edge).
        if (metric.judgeId) edges.push({ from: `fetch/judge/${metric.judgeId}`, to: score });
      }
    }
  }
  return { nodes, edges: sortEdges(edges) };
}

function sortEdges(edges: Edge[]): Edge[] {
  return edges.sort((a, b) => (a.from === b.from ? (a.to < b.to ? -1 : 1) : a.from < b.from ? -1 : 1));
}

/**
 * A label in Mermaid's entity codes: Mermaid renders labels as HTML, so `<`, `>` and `"` (which
 * would end the label) are `#lt;`, `#gt;`, `#quot;`, a `#` that reads as an entity is `#35;`, and
 * `&` is `#amp;` (QA51: an id holding `&amp;` showed `&`).
 */
function mermaidText(label: string): string {
  return label
    .replace(/#(?=\w+;)/g, '#35;')
    .replaceAll('&', '#amp;')
    .replaceAll('"', '#quot;')
    .replaceAll('<', '#lt;')
    .replaceAll('>', '#gt;');
}

function renderMermaid(nodes: Map<string, string>, edges: Edge[]): string {
  const ids = new Map([...nodes.keys()].map((id, i) => [id, `n${i}`]));
  const lines = ['flowchart LR'];
  for (const [id, label] of nodes) lines.push(`  ${ids.get(id)}["${mermaidText(label)}"]`);
  for (const e of edges) lines.push(`  ${ids.get(e.from)} --> ${ids.get(e.to)}`);
  return `${lines.join('\n')}\n`;
}

function renderDot(nodes: Map<string, string>, edges: Edge[]): string {
  const lines = ['digraph evalc {', '  rankdir=LR;'];
  // Graphviz decodes HTML entities in labels (QA51: an id holding `&amp;` showed `&`): `&` is `&amp;`.
  for (const [id, label] of nodes)
    lines.push(`  ${JSON.stringify(id)} [label=${JSON.stringify(label.replaceAll('&', '&amp;'))}];`);
  for (const e of edges) lines.push(`  ${JSON.stringify(e.from)} -> ${JSON.stringify(e.to)};`);
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
