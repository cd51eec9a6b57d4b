/** Renders diagnostics for humans: `file:line:col: error CODE: message`, a caret excerpt, a hint. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../plan/diagnostic.js';

export function renderDiagnostics(diagnostics: readonly Diagnostic[], cwd: string): string {
  const cache = new Map<string, string[] | undefined>();
  const lines: string[] = [];
  for (const d of diagnostics) {
    const where = d.source ? `${d.source.file}:${d.source.line}:${d.source.col}: ` : '';
    lines.push(`${where}${d.severity} ${d.code}: ${d.message}`);
    if (d.source) {
      const fileLines = readLines(cache, path.resolve(cwd, d.source.file));
      const text = fileLines?.[d.source.line - 1];
      if (text !== undefined) {
        const gutter = String(d.source.line).padStart(4);
        lines.push(`${gutter} | ${text}`);
        lines.push(`${' '.repeat(gutter.length)} | ${' '.repeat(Math.max(0, d.source.col - 1))}^`);
      }
    }
    if (d.hint) lines.push(`  hint: ${d.hint}`);
  }
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  lines.push(`${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`);
  return lines.join('\n');
}

function readLines(cache: Map<string, string[] | undefined>, file: string): string[] | undefined {
  if (!cache.has(file)) {
    try {
      cache.set(file, readFileSync(file, 'utf8').split(/\r?\n/));
    } catch {
      cache.set(file, undefined);
    }
  }
  return cache.get(file);
}
