/**
 * The folder is the layer (STYLE.md): no import cycles between modules, and the dependency
 * direction cli → executor → compiler → plan holds; protocols, binding and metrics are leaves
 * that never import the layers above them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');
const IMPORT_RE = /^\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    const targets: string[] = [];
    for (const match of text.matchAll(IMPORT_RE)) {
      if (/^\s*import\s+type\s/.test(match[0]) || /^\s*export\s+type\s/.test(match[0])) continue;
      targets.push(path.resolve(path.dirname(file), match[1]!.replace(/\.js$/, '.ts')));
    }
    graph.set(file, targets);
  }
  return graph;
}

function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'done') return undefined;
    if (state.get(node) === 'visiting') return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, 'visiting');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

const layerOf = (file: string) => path.relative(SRC, file).split(path.sep)[0]!;

/** Which layers each layer may import at run time (type-only imports are not counted). */
const ALLOWED: Record<string, string[]> = {
  plan: ['plan'],
  // the binding's JMESPath extraction shares the http adapter's own-key lookups (protocols/own-fields.ts)
  binding: ['binding', 'protocols'],
  metrics: ['metrics', 'protocols'],
  protocols: ['protocols', 'plan'],
  compiler: ['compiler', 'plan', 'binding', 'metrics', 'protocols', 'lockfile', 'version.ts'],
  lockfile: ['lockfile', 'metrics', 'protocols'],
  reports: ['reports', 'lockfile', 'metrics'],
  executor: [
    'executor',
    'compiler',
    'plan',
    'binding',
    'metrics',
    'protocols',
    'lockfile',
    'reports',
    'version.ts',
  ],
  cli: [
    'cli',
    'executor',
    'compiler',
    'plan',
    'binding',
    'metrics',
    'protocols',
    'lockfile',
    'reports',
    'version.ts',
  ],
};

describe('module structure', () => {
  it('reads the real import graph', () => {
    const edges = [...importGraph().values()].reduce((n, t) => n + t.length, 0);
    expect(edges).toBeGreaterThan(200);
    expect(
      findCycle(
        new Map([
          ['a', ['b']],
          ['b', ['a']],
        ]),
      ),
    ).toEqual(['a', 'b', 'a']);
  });

  it('has no import cycles', () => {
    const cycle = findCycle(importGraph());
    expect(cycle?.map((f) => path.relative(SRC, f))).toBeUndefined();
  });

  it('keeps the dependency direction of the layers', () => {
    const violations: string[] = [];
    for (const [file, targets] of importGraph()) {
      const from = layerOf(file);
      const allowed = ALLOWED[from];
      if (!allowed) continue;
      for (const target of targets) {
        const to = layerOf(target);
        if (!allowed.includes(to))
          violations.push(`${path.relative(SRC, file)} → ${path.relative(SRC, target)}`);
      }
    }
    expect(violations).toEqual([]);
  });
});
