import { quoteCut } from '../quote-cut.js';

/**
 * One line naming Ajv errors (`/query must NOT have fewer than 5 characters; / must have required
 * property 'k'`), for RAIP step error messages. Reports and the lockfile keep an error's kind
 * and message only, so the agent's `ajvErrors[]` of a 400 (R8) must be readable there too.
 * Errors come from the wire: a string is named as sent; anything else that is not an object with
 * string fields is skipped.
 * The same `path message` form as the executor's preflight message (R5).
 */

const SHOWN = 3;
const MAX_CHARS = 160;

export function describeAjvErrors(errors: readonly unknown[]): string {
  const parts: string[] = [];
  for (const error of errors) {
    if (parts.length === SHOWN) break;
    const text = describeAjvError(error);
    if (text !== undefined) parts.push(text);
  }
  const more = errors.length - parts.length;
  if (more > 0 && parts.length > 0) parts.push(`+${more} more`);
  return parts.join('; ');
}

/**
 * One Ajv error as `path message`; a property the schema forbids is named (QA316: `/ must NOT have
 * additional properties` left the user guessing which key of the rendered input to drop).
 */
export function describeAjvError(error: unknown): string | undefined {
  // an agent that lists its validator's messages as text (`["query too short"]`)
  if (typeof error === 'string')
    return error.trim() === '' ? undefined : quoteCut(error.replace(/\s+/g, ' ').trim(), MAX_CHARS);
  if (typeof error !== 'object' || error === null || Array.isArray(error)) return undefined;
  const { instancePath, message, keyword } = error as Record<string, unknown>;
  const said = typeof message === 'string' && message !== '' ? message : keyword;
  if (typeof said !== 'string' || said === '') return undefined;
  const path = typeof instancePath === 'string' && instancePath !== '' ? instancePath : '/';
  const text = `${path} ${said}`.replace(/\s+/g, ' ').trim();
  return quoteCut(`${text}${forbiddenProperty(error as Record<string, unknown>)}`, MAX_CHARS);
}

/** ` ("k")` of an additionalProperties or unevaluatedProperties error, from Ajv's params. */
function forbiddenProperty({ keyword, params }: Record<string, unknown>): string {
  if (typeof params !== 'object' || params === null) return '';
  const { additionalProperty, unevaluatedProperty } = params as Record<string, unknown>;
  const name =
    keyword === 'additionalProperties'
      ? additionalProperty
      : keyword === 'unevaluatedProperties'
        ? unevaluatedProperty
        : undefined;
  return typeof name === 'string' ? ` (${JSON.stringify(quoteCut(name, 60))})` : '';
}
