/**
 * The compiler's view of the metric registry (src/metrics): whether a type exists, its
 * version (part of every score key) and its parameter check.
 */
import { getMetricDefinition, listMetricDefinitions, resolveMetric } from '../metrics/index.js';
import { didYouMean } from '../plan/suggest.js';

export interface ParamIssue {
  path: (string | number)[];
  message: string;
  unknownKey?: string;
}

export interface MetricInfo {
  type: string;
  version: string;
  stage: string;
  paramNames: string[];
  /** Each parameter's own description (its zod `.describe()`), for a missing parameter's hint. */
  paramHelp: Record<string, string>;
  validateParams: (params: Record<string, unknown>) => ParamIssue[];
  /** The keys of the object parameter at a path (`['judge_config']`), for a nested unknown key's hint. */
  keysAt: (path: readonly (string | number)[]) => string[];
}

export function lookupMetric(type: string): MetricInfo | undefined {
  const definition = getMetricDefinition(type);
  if (!definition) return undefined;
  const shape = (definition.params as unknown as { shape?: Record<string, unknown> }).shape;
  return {
    type,
    version: definition.version,
    stage: definition.stage,
    paramNames: shape ? Object.keys(shape) : [],
    paramHelp: Object.fromEntries(
      Object.entries(shape ?? {}).flatMap(([name, schema]) => {
        const description = (schema as { description?: unknown }).description;
        return typeof description === 'string' ? [[name, description]] : [];
      }),
    ),
    keysAt: (path) => Object.keys(objectShapeAt(shape, path) ?? {}),
    validateParams: (params) => {
      const result = resolveMetric({ type, ...params });
      if (result.ok) return [];
      return result.issues.map((issue) => {
        const unknown = /Unrecognized key[s]?: "?([^",]+)"?/i.exec(issue.message)?.[1];
        return {
          path: issue.path,
          message: issue.message.replace(`${type}: `, ''),
          ...(unknown ? { unknownKey: unknown } : {}),
        };
      });
    },
  };
}

type Shaped = { shape?: Record<string, unknown>; unwrap?: () => unknown };

/** The shape of the (optional) object schema at `path` under a params shape (QA112: judge_config). */
function objectShapeAt(
  shape: Record<string, unknown> | undefined,
  path: readonly (string | number)[],
): Record<string, unknown> | undefined {
  let current = shape;
  for (const key of path) {
    let schema = current?.[String(key)] as Shaped | undefined;
    while (schema && schema.shape === undefined && typeof schema.unwrap === 'function')
      schema = schema.unwrap() as Shaped;
    current = schema?.shape;
  }
  return current;
}

/** The hint of a key unknown inside an object parameter: a guess, and the keys it takes. */
export function nestedKeysHint(key: string, where: string, keys: readonly string[]): string {
  const also = keys.length > 0 ? `${where} takes: ${keys.map((k) => `\`${k}\``).join(', ')}` : '';
  const guess = didYouMean(key, keys);
  return guess && also ? `${guess} (${also})` : (guess ?? also);
}

export function listMetricTypes(): string[] {
  return listMetricDefinitions().map((d) => d.type);
}
