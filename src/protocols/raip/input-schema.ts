/**
 * RAIP input schemas: compile with Ajv in JSON Schema 2020-12 mode (`allErrors`, `strict:false`
 * for foreign schemas, ajv-formats) and compute the schema digest
 * `sha256:` + hex SHA-256 of the RFC 8785 form of the schema.
 *
 * Formats Ajv does not know (pydantic v1 writes `path`, `ipvanyaddress`, `time-delta`; v2 `path`)
 * are not checked, as before, but no longer printed raw on evalc's stderr by Ajv's default
 * logger (`unknown format "path" ignored in schema at path "#/properties/path"`, twice per apply,
 * QA24): they are returned as `ignoredFormats` for the caller to report.
 *
 * Patterns run on pattern-engine.ts: one that could backtrack exponentially runs on RE2 (linear
 * time); one RE2 cannot run is returned in `uncheckedPatterns` and the schema is not checked
 * locally at all (QA52).
 */
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { Ajv as AjvDraft07 } from 'ajv/dist/ajv.js';
import addFormatsModule from 'ajv-formats';
import { canonicalJson, sha256Hex } from '../canonical-json.js';
import { quoteCut } from '../quote-cut.js';
import { fromDraft04 } from './draft04.js';
import { createPatternEngine } from './pattern-engine.js';

/** Ajv's error object as sent on the wire (RAIP 400 `ajvErrors[]`). */
export interface AjvError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

export type InputValidation = { ok: true } | { ok: false; errors: AjvError[] };

export interface CompiledInputSchema {
  digest: string;
  /** Formats the schema names that Ajv and ajv-formats do not define (not checked), sorted. */
  ignoredFormats: string[];
  /** Patterns that could take exponential time and RE2 cannot run: inputs are then not checked. */
  uncheckedPatterns: string[];
  validate(input: unknown): InputValidation;
}

// ajv-formats is CommonJS with `module.exports = plugin`; NodeNext sees the namespace object.
const addFormats = addFormatsModule as unknown as (ajv: AjvDraft07) => AjvDraft07;

type AjvClass = typeof Ajv2020 | typeof Ajv2019 | typeof AjvDraft07;

/**
 * The Ajv that reads the draft a schema declares in `$schema` (QA122): 2020-12 (RAIP's, and the
 * default), 2019-09, draft-07 and draft-06. A draft-07 schema read as 2020-12 failed to compile on
 * its tuple `items: [...]` (zod-to-json-schema's `z.tuple`), and its `dependencies` went unchecked.
 * Draft-04 (and -03) is read as draft-07, its closest (tuple `items`, `dependencies`), after
 * draft04.ts rewrote the keywords whose form changed (`id`, a boolean `exclusiveMinimum`; QA134:
 * Ajv refused them, so an ordinary draft-04 schema failed discovery), and a schema that still fails
 * to compile names its draft (QA127). `note` is what a compile error adds: the draft read, for an
 * old, unknown or missing `$schema`.
 */
const NO_SCHEMA_NOTE =
  " (it declares no $schema, so it was read as JSON Schema 2020-12, RAIP's: a schema written for draft-07 (a tuple's items: [...], where 2020-12 has prefixItems) compiles once it declares $schema: http://json-schema.org/draft-07/schema#)";
/** The note for a schema with no `$schema` in draft-04's (or OpenAPI 3.0's) words (QA134). */
const NO_SCHEMA_DRAFT04_NOTE =
  " (it declares no $schema, so it was read as JSON Schema 2020-12, RAIP's: an id or a boolean exclusiveMinimum/exclusiveMaximum is draft-04's form, which OpenAPI 3.0 schemas such as zod's openapi-3.0 target also write: such a schema compiles once it declares $schema: http://json-schema.org/draft-04/schema#)";

/** The note a compile error of a schema with no `$schema` gets, by what Ajv said (QA127, QA134). */
function noSchemaNote(said: string): string {
  if (/^items value must be/.test(said)) return NO_SCHEMA_NOTE;
  if (/^exclusiveM(?:in|ax)imum value must be|^NOT SUPPORTED: keyword "id"/.test(said))
    return NO_SCHEMA_DRAFT04_NOTE;
  return '';
}

function ajvFor(schema: unknown): { Ajv: AjvClass; note: string; draft04?: true } {
  const declared =
    typeof schema === 'object' && schema !== null ? (schema as { $schema?: unknown }).$schema : undefined;
  // With no `$schema` a tuple's `items: [...]` (draft-07's form) fails as 2020-12: say so (QA127).
  if (typeof declared !== 'string') return { Ajv: Ajv2020, note: NO_SCHEMA_NOTE };
  if (/json-schema\.org\/draft-0[67]\/schema/.test(declared)) return { Ajv: AjvDraft07, note: '' };
  if (/json-schema\.org\/draft\/2019-09\/schema/.test(declared)) return { Ajv: Ajv2019, note: '' };
  if (/json-schema\.org\/draft\/2020-12\/schema/.test(declared)) return { Ajv: Ajv2020, note: '' };
  const old = /json-schema\.org\/draft-0([0-5])\/schema/.exec(declared);
  if (old !== null) {
    return {
      Ajv: AjvDraft07,
      draft04: true,
      note: ` (its $schema declares JSON Schema draft-0${old[1]}, which evalc reads as draft-07 once its id, boolean exclusiveMinimum/exclusiveMaximum and draft-03's boolean required and divisibleBy are rewritten in draft-06's words; the agent can publish draft-06 or later)`,
    };
  }
  return {
    Ajv: Ajv2020,
    note: ` (its $schema ${JSON.stringify(quoteCut(declared, 120))} is no draft evalc knows, so it was read as 2020-12; evalc reads 2020-12, 2019-09, draft-07, draft-06 and, rewritten in draft-06's words, draft-04 and draft-03)`,
  };
}

/** `sha256:<hex>` of the canonical JSON of a schema. */
export function computeSchemaDigest(schema: unknown): string {
  return `sha256:${sha256Hex(canonicalJson(schema))}`;
}

/** Digests compare by value: case, the `sha256:` prefix and the spellings digestValue reads aside. */
export function sameDigest(a: string, b: string): boolean {
  return digestValue(a) === digestValue(b);
}

/**
 * A SHA-256 digest as lowercase hex, whatever its spelling: an optional `sha256` / `sha-256`
 * prefix followed by `:`, `-` (Subresource Integrity) or `=` (an RFC 3230 `Digest` header), then
 * 64 hex digits or the 32 bytes in base64 / base64url (QA143: `sha-256:<hex>` of the right value
 * was refused as a mismatch). Anything else is returned trimmed and lowercased, to compare as text.
 */
function digestValue(digest: string): string {
  const text = digest.trim();
  const value = text.replace(/^sha-?256[:=-]/i, '');
  if (/^[0-9a-f]{64}$/i.test(value)) return value.toLowerCase();
  if (value !== text && /^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === 32) return bytes.toString('hex');
  }
  return text.toLowerCase();
}

/** Compiles a schema; a schema Ajv rejects yields a one-line reason. */
export function compileInputSchema(
  schema: unknown,
): { ok: true; compiled: CompiledInputSchema } | { ok: false; reason: string } {
  if (
    typeof schema !== 'boolean' &&
    (schema === null || typeof schema !== 'object' || Array.isArray(schema))
  ) {
    return { ok: false, reason: 'inputSchema must be a JSON Schema object or boolean' };
  }
  // No meta-schema pass (`validateSchema: false`): compiling the 2020-12 meta-schema took ~35 ms
  // of every apply's start-up, and Ajv's own keyword checks still reject a malformed schema
  // (`type: "no-such-type"`, `minLength: "x"`, `required: "q"`, an unresolvable `$ref`).
  const warnings: string[] = [];
  const patterns = createPatternEngine();
  const { Ajv, note, draft04 } = ajvFor(schema);
  const ajv = new Ajv({
    code: { regExp: patterns.regExp },
    allErrors: true,
    strict: false,
    validateSchema: false,
    logger: {
      log: () => undefined,
      warn: (...args: unknown[]) => warnings.push(args.join(' ')),
      error: () => undefined,
    },
  });
  addFormats(ajv);
  let validateFn: ValidateFunction;
  try {
    validateFn = ajv.compile((draft04 ? fromDraft04(schema) : schema) as object | boolean);
  } catch (error) {
    const said = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      reason: `inputSchema does not compile: ${said}${note === NO_SCHEMA_NOTE ? noSchemaNote(said) : note}`,
    };
  }
  const digest = computeSchemaDigest(schema);
  const uncheckedPatterns = [...new Set(patterns.unsafe)].sort();
  return {
    ok: true,
    compiled: {
      digest,
      ignoredFormats: unknownFormats(warnings),
      uncheckedPatterns,
      validate(input) {
        if (uncheckedPatterns.length > 0 || validateFn(input)) return { ok: true };
        return { ok: false, errors: (validateFn.errors ?? []).map(toAjvError) };
      },
    },
  };
}

/** The format names of Ajv's `unknown format "x" ignored in schema at path "…"` warnings. */
function unknownFormats(warnings: string[]): string[] {
  const names = new Set<string>();
  for (const warning of warnings) {
    const match = /unknown format "([^"]*)" ignored/.exec(warning);
    if (match?.[1] !== undefined) names.add(match[1]);
  }
  return [...names].sort();
}

function toAjvError(error: ErrorObject): AjvError {
  const out: AjvError = {
    instancePath: error.instancePath,
    schemaPath: error.schemaPath,
    keyword: error.keyword,
    params: { ...error.params },
  };
  if (error.message !== undefined) out.message = error.message;
  return out;
}
