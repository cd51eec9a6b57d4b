/**
 * A1's RAIP input contract: the JSON Schema (2020-12) it publishes on /info, and a small
 * hand-written validator for exactly that schema that reports Ajv-shaped errors
 * (`{instancePath, schemaPath, keyword, params, message}`, all errors, Ajv's wording), so a
 * 400 from A1 looks like what Ajv 8 (`Ajv2020`, `allErrors: true`) would say.
 */

const MODES = ['search', 'details', 'path'];
const CODE_REGEX = '^[A-Za-z]{2,4} ?[0-9]{3}$';
const MAX_QUERY = 2000;
const MAX_COMPLETED = 40;

export const A1_INPUT_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Course Advisor request',
  type: 'object',
  required: ['query'],
  additionalProperties: false,
  properties: {
    query: { type: 'string', minLength: 1, maxLength: MAX_QUERY, description: "The student's question" },
    mode: { enum: MODES, description: 'Which tool to use; inferred from the query when absent' },
    code: { type: 'string', pattern: CODE_REGEX, description: 'Course code for details mode, e.g. CS350' },
    completed: {
      type: 'array',
      maxItems: MAX_COMPLETED,
      items: { type: 'string' },
      description: 'Courses already taken (path mode leaves them out)',
    },
  },
};

function typeName(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

function error(instancePath, schemaPath, keyword, params, message) {
  return { instancePath, schemaPath, keyword, params, message };
}

function typeError(instancePath, schemaPath, type) {
  return error(instancePath, `${schemaPath}/type`, 'type', { type }, `must be ${type}`);
}

function checkString(value, path, schemaPath, { minLength, maxLength, pattern }) {
  if (typeof value !== 'string') return [typeError(path, schemaPath, 'string')];
  const errors = [];
  const length = [...value].length;
  if (maxLength !== undefined && length > maxLength)
    errors.push(
      error(
        path,
        `${schemaPath}/maxLength`,
        'maxLength',
        { limit: maxLength },
        `must NOT have more than ${maxLength} characters`,
      ),
    );
  if (minLength !== undefined && length < minLength)
    errors.push(
      error(
        path,
        `${schemaPath}/minLength`,
        'minLength',
        { limit: minLength },
        `must NOT have fewer than ${minLength} characters`,
      ),
    );
  if (pattern !== undefined && !new RegExp(pattern, 'u').test(value))
    errors.push(
      error(path, `${schemaPath}/pattern`, 'pattern', { pattern }, `must match pattern "${pattern}"`),
    );
  return errors;
}

/**
 * Validate a RAIP `input` against A1_INPUT_SCHEMA.
 * @returns {{instancePath: string, schemaPath: string, keyword: string, params: object, message: string}[]}
 */
export function validateA1Input(input) {
  if (typeName(input) !== 'object') return [typeError('', '#', 'object')];
  const errors = [];
  if (!('query' in input))
    errors.push(
      error(
        '',
        '#/required',
        'required',
        { missingProperty: 'query' },
        "must have required property 'query'",
      ),
    );
  for (const key of Object.keys(input)) {
    if (!(key in A1_INPUT_SCHEMA.properties))
      errors.push(
        error(
          '',
          '#/additionalProperties',
          'additionalProperties',
          { additionalProperty: key },
          'must NOT have additional properties',
        ),
      );
  }
  if ('query' in input)
    errors.push(
      ...checkString(input.query, '/query', '#/properties/query', { minLength: 1, maxLength: MAX_QUERY }),
    );
  if ('mode' in input && !MODES.includes(input.mode))
    errors.push(
      error(
        '/mode',
        '#/properties/mode/enum',
        'enum',
        { allowedValues: MODES },
        'must be equal to one of the allowed values',
      ),
    );
  if ('code' in input)
    errors.push(...checkString(input.code, '/code', '#/properties/code', { pattern: CODE_REGEX }));
  if ('completed' in input) errors.push(...checkCompleted(input.completed));
  return errors;
}

function checkCompleted(value) {
  if (!Array.isArray(value)) return [typeError('/completed', '#/properties/completed', 'array')];
  const errors = [];
  if (value.length > MAX_COMPLETED)
    errors.push(
      error(
        '/completed',
        '#/properties/completed/maxItems',
        'maxItems',
        { limit: MAX_COMPLETED },
        `must NOT have more than ${MAX_COMPLETED} items`,
      ),
    );
  value.forEach((item, index) => {
    if (typeof item !== 'string')
      errors.push(typeError(`/completed/${index}`, '#/properties/completed/items', 'string'));
  });
  return errors;
}
