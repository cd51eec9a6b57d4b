/**
 * User errors are data (STYLE.md "Errors"): every problem found while loading, validating or
 * compiling a plan becomes a Diagnostic with a stable code and, when known, a source position.
 */
export type PlanPath = (string | number)[];

export interface SourcePosition {
  file: string;
  line: number;
  col: number;
}

export interface Diagnostic {
  code: string;
  severity: 'error' | 'warning';
  message: string;
  hint?: string;
  path: PlanPath;
  source?: SourcePosition;
}

/** Builds a diagnostic, leaving optional fields out rather than undefined. */
export function diagnostic(
  code: string,
  message: string,
  path: PlanPath,
  extra: {
    severity?: 'error' | 'warning';
    hint?: string | undefined;
    source?: SourcePosition | undefined;
  } = {},
): Diagnostic {
  const d: Diagnostic = { code, severity: extra.severity ?? 'error', message, path };
  if (extra.hint !== undefined) d.hint = extra.hint;
  if (extra.source !== undefined) d.source = extra.source;
  return d;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/**
 * Orders diagnostics by file, line, column, then code, for stable output, and drops exact repeats:
 * a check run once per agent of a shared binding (`default`) found the same template error for
 * each, printed twice and counted as two errors (QA44).
 */
export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const unique = diagnostics.filter((d) => {
    // Said at a place, one diagnostic is one line to the reader: a mistake in an anchored mapping
    // that two agents merge (`a1: &raip`, `a1b: { <<: *raip }`) was printed twice, word for word,
    // at one file:line:col (QA224); the plan path tells them apart only when there is no place.
    const key = JSON.stringify([d.code, d.severity, d.message, d.hint, d.source ?? d.path]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.sort((a, b) => {
    const fa = a.source?.file ?? '';
    const fb = b.source?.file ?? '';
    if (fa !== fb) return fa < fb ? -1 : 1;
    const la = a.source?.line ?? 0;
    const lb = b.source?.line ?? 0;
    if (la !== lb) return la - lb;
    const ca = a.source?.col ?? 0;
    const cb = b.source?.col ?? 0;
    if (ca !== cb) return ca - cb;
    return a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
  });
}
