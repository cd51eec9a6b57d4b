/**
 * The compiler's view of the metric registry (src/metrics): whether a type exists, its
 * version (part of every score key) and its parameter check.
 */

import type { z } from 'zod';
import { getMetricDefinition, listMetricDefinitions, resolveMetric } from '../metrics/index.js';
import { schemaKeysAt, unionFormsAt } from '../plan/schema-keys.js';
import { didYouMean, unknownKeyHint } from '../plan/suggest.js';

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
  /** The keys of the object parameter at a path (`['judge_config']`, `['checkpoints', 0]`), for a nested unknown key's hint. */
  keysAt: (path: readonly (string | number)[], params: Record<string, unknown>) => string[];
  /** For a value matching none of a union's forms (a checkpoint): those forms, and a guess per unknown key. */
  formsHint: (path: readonly (string | number)[], value: unknown) => string | undefined;
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
    keysAt: (path, params) => schemaKeysAt(definition.params as z.ZodType, params, path),
    formsHint: (path, value) => formsHint(unionFormsAt(definition.params as z.ZodType, path), path, value),
    validateParams: (params) => {
      const result = resolveMetric({ type, ...params });
      if (result.ok) return [];
      return result.issues.flatMap((issue) => {
        const message = issue.message.replace(`${type}: `, '');
        // Each unknown key is its own issue: the first of 'Unrecognized keys: "a", "b"' only was
        // named, and b said nothing until a was fixed (QA199).
        // The keys are zod's own list: its message quotes them joined by ', ', unescaped, so a key
        // holding both was cut there, and one holding `", "expected` named `expected` unknown too (QA206).
        const unknown = issue.keys ?? [];
        if (unknown.length === 0) return [{ path: issue.path, message }];
        return unknown.map((key) => ({ path: issue.path, message, unknownKey: key }));
      });
    },
  };
}

/** The hint of a key unknown inside an object parameter: a guess, and the keys it takes. */
export function nestedKeysHint(
  key: string,
  path: readonly (string | number)[],
  keys: readonly string[],
  /** The metric's parameters: a key set already where the unknown one is is never offered back. */
  params: unknown,
): string {
  const where = path.join('.');
  let value = params;
  for (const segment of path)
    value = keysOf(value).length > 0 ? (value as Record<string, unknown>)[segment] : undefined;
  const present = keysOf(value);
  const also = keys.length > 0 ? `${where} takes: ${keys.map((k) => `\`${k}\``).join(', ')}` : '';
  const guess = unknownKeyHint(key, keys, present);
  return guess && also ? `${guess} (${also})` : (guess ?? also);
}

function formsHint(
  union: { forms: string[]; keys: string[] } | undefined,
  path: readonly (string | number)[],
  value: unknown,
): string | undefined {
  if (!union) return undefined;
  // A list is no mapping: its indices are no keys to guess at (QA129: `[a, b]` read "`0` is in no form").
  const guesses = (Array.isArray(value) ? [] : keysOf(value)).flatMap((key) => {
    if (union.keys.includes(key)) return [];
    const guess = didYouMean(key, union.keys);
    return [guess ? `\`${key}\`: ${guess}` : `\`${key}\` is in no form`];
  });
  const forms = `${path.join('.')} is one of: ${union.forms.join(', ')}`;
  return guesses.length > 0 ? `${guesses.join('; ')} (${forms})` : forms;
}

/** A mapping's keys; none for anything else. */
export function keysOf(value: unknown): string[] {
  return value !== null && typeof value === 'object' ? Object.keys(value) : [];
}

export function listMetricTypes(): string[] {
  return listMetricDefinitions().map((d) => d.type);
}
