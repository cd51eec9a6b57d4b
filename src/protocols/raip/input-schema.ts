/**
 * RAIP input schemas: compile with Ajv in JSON Schema 2020-12 mode (`allErrors`, `strict:false`
 * for foreign schemas, ajv-formats) and compute the schema digest
 * `sha256:` + hex SHA-256 of the RFC 8785 form of the schema.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { canonicalJson, sha256Hex } from '../canonical-json.js';

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
  validate(input: unknown): InputValidation;
}

// ajv-formats is CommonJS with `module.exports = plugin`; NodeNext sees the namespace object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** `sha256:<hex>` of the canonical JSON of a schema. */
export function computeSchemaDigest(schema: unknown): string {
  return `sha256:${sha256Hex(canonicalJson(schema))}`;
}

/** Digests compare case-insensitively, with or without the `sha256:` prefix. */
export function sameDigest(a: string, b: string): boolean {
  const strip = (d: string): string =>
    d
      .trim()
      .toLowerCase()
      .replace(/^sha256:/, '');
  return strip(a) === strip(b);
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
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateSchema: false });
  addFormats(ajv);
  let validateFn: ValidateFunction;
  try {
    validateFn = ajv.compile(schema as object | boolean);
  } catch (error) {
    return {
      ok: false,
      reason: `inputSchema does not compile: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const digest = computeSchemaDigest(schema);
  return {
    ok: true,
    compiled: {
      digest,
      validate(input) {
        if (validateFn(input)) return { ok: true };
        return { ok: false, errors: (validateFn.errors ?? []).map(toAjvError) };
      },
    },
  };
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
