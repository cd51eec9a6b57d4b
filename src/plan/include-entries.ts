/**
 * `include: a.yaml, b.yaml` read as its list: split at each `,` but one in a url's user and password,
 * `https://u:ab,c/d@h/x.yaml` (QA242: a password holding a `/` too was split, its pieces printed), and
 * only there: a file name holding a `@`, `a.yaml,x@v2.yaml`, is two entries (QA242: it was one).
 */
export function includeEntries(written: string): string[] {
  const parts = written.split(',');
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    let piece = parts[i]!;
    while (
      i + 1 < parts.length &&
      /^\s*[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/@\s]*$/.test(piece) &&
      /^[^\s@]*@/.test(parts.slice(i + 1).join(','))
    )
      piece += `,${parts[++i]}`;
    out.push(piece);
  }
  return out;
}
