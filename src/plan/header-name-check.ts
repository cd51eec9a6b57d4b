/**
 * A header name HTTP cannot carry (RFC 9110 §5.6.2: a token of letters, digits and
 * !#$%&'*+.^_`|~-), refused at validate with file:line:col: `"bad header": x` passed validate and
 * failed every example at apply, and a name holding a key, a whole header line pasted as the name
 * (`"x-api-key: ghp_…": x`) or a key in a command substitution (`"$(ghp_…)": x`), was lower-cased
 * into every report and the step log (QA363). A name that holds a key is not quoted (the excerpt
 * stars it: header-value-mask.ts); one written `${…}` or `{{…}}` is secret-placement.ts's to say.
 */
import type { Diagnostic, PlanPath, SourcePosition } from './diagnostic.js';
import { diagnostic } from './diagnostic.js';
import { holdsKey } from './secret-placement.js';

type Locate = (planPath: PlanPath, key?: string) => SourcePosition | undefined;

/** RFC 9110 §5.6.2 token characters (protocols/http/header-values.ts refuses the same at apply). */
export const HEADER_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Whether a header name, not a token, holds a key: a part of a key's length between its punctuation. */
export function headerNameHoldsKey(name: string): boolean {
  return name.split(/[^A-Za-z0-9_]+/).some((part) => holdsKey(part)) || holdsKey(name);
}

export function headerNameDiagnostics(raw: unknown, locate: Locate): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (!isRecord(raw)) return out;
  for (const section of ['agents', 'judges'] as const) {
    const entries = raw[section];
    if (!isRecord(entries)) continue;
    for (const [id, entry] of Object.entries(entries)) {
      const headers = isRecord(entry) ? entry.headers : undefined;
      if (!isRecord(headers)) continue;
      const where: PlanPath = [section, id, 'headers'];
      for (const name of Object.keys(headers)) {
        if (HEADER_TOKEN.test(name) || /\$\{|\{\{/.test(name)) continue;
        const keyed = headerNameHoldsKey(name);
        const said = keyed ? 'a header name that holds a key' : `header name ${JSON.stringify(name)}`;
        out.push(
          diagnostic(
            'EVALC_SCHEMA_INVALID',
            `${said} is not a valid HTTP header name (letters, digits and !#$%&'*+.^_\`|~- only): apply would send no request`,
            keyed ? where : [...where, name],
            {
              source: locate(where, name) ?? locate(where),
              hint: keyed
                ? 'write the name alone and the key as its value, read from the environment: `x-api-key: "${env.API_KEY}"`'
                : 'a header is written `name: value`, its name one word (`x-api-key`, `authorization`)',
            },
          ),
        );
      }
    }
  }
  return out;
}
