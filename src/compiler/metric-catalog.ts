/**
 * The compiler's view of the metric registry (src/metrics): whether a type exists, its
 * version (part of every score key) and its parameter check.
 */
import { getMetricDefinition, listMetricDefinitions, resolveMetric } from '../metrics/index.js';

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

export function listMetricTypes(): string[] {
  return listMetricDefinitions().map((d) => d.type);
}
