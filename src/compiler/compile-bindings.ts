/**
 * A task's bindings compiled once (split from resolve.ts, QA263): each binding's Handlebars
 * input template and JMESPath output extraction, the diagnostics of those that do not compile
 * (at the character the error is about where the YAML maps to the string exactly), and the
 * digests that key the steps — the template's, and the extraction's as each protocol keys it.
 */

import {
  type CompiledExtraction,
  compileExtraction,
  JMESPATH_LIBRARY,
  uncompiledExtraction,
} from '../binding/extract.js';
import { compileTemplate, type TemplateError, type TemplateNode } from '../binding/template.js';
import type { Diagnostic, PlanPath } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { LoadedPlan } from '../plan/load.js';
import type { BindingConfig } from '../plan/schema.js';
import { valueAt } from '../plan/validate-schema.js';
import { mayReadContentJson } from '../protocols/openai/json-content.js';
import { digestOf } from './content-key.js';
import { maeOutputsDigest } from './mae-output-key.js';
import { withoutReferencedKeys, withoutTemplateKeys } from './template-key-pieces.js';

type Locate = (p: PlanPath, key?: string) => ReturnType<LoadedPlan['locate']>;

export interface CompiledBinding {
  template: TemplateNode;
  templateDigest: string;
  extraction?: CompiledExtraction;
  outputDigest: string;
  /** For an openai agent whose outputs may read `json`, which it reads from evalc 0529bca on (QA93). */
  contentJsonDigest: string;
  /** For an mae agent whose outputs may read `output`, which it has from QA248 on (mae-output-key.ts). */
  maeOutputDigest: string;
}

/** Compiles each binding of the task at `taskPath`, pushing the diagnostics of those that do not compile. */
export function compileBindings(
  bindings: Record<string, BindingConfig>,
  taskPath: PlanPath,
  loaded: LoadedPlan,
  at: Locate,
  diagnostics: Diagnostic[],
): Map<string, CompiledBinding> {
  const compiledBindings = new Map<string, CompiledBinding>();
  for (const [name, binding] of Object.entries(bindings)) {
    const bindingPath: PlanPath = [...taskPath, 'bindings', name];
    const templateErrors: TemplateError[] = [];
    const template = compileTemplate(binding.input, templateErrors);
    for (const err of templateErrors) {
      const leafPath = [...bindingPath, 'input', ...err.path];
      const leaf = valueAt(binding.input, err.path);
      // A key written in the template is said `…` there, a piece of it cut by the parser's window too (QA335).
      const said = (text: string) => (typeof leaf === 'string' ? withoutTemplateKeys(text, leaf) : text);
      diagnostics.push(
        diagnostic(
          'EVALC_BIND_TEMPLATE_SYNTAX',
          `template does not compile: ${said(err.message)}`,
          leafPath,
          {
            // At the character the error is about, when the YAML maps to the string exactly.
            source:
              (err.offset !== undefined && typeof leaf === 'string'
                ? loaded.locateInValue?.(leafPath, leaf, err.offset)
                : undefined) ?? at(leafPath),
            ...(err.hint ? { hint: said(err.hint) } : {}),
          },
        ),
      );
    }
    const extraction = compileExtraction(binding.output);
    if (!extraction.ok) {
      for (const err of extraction.errors) {
        const outputPath = [...bindingPath, 'output', err.name];
        const expression = binding.output[err.name];
        diagnostics.push(
          diagnostic(
            'EVALC_BIND_JMESPATH',
            `JMESPath expression does not compile: ${withoutReferencedKeys(err.message, expression)}`,
            outputPath,
            {
              source:
                (err.offset !== undefined && typeof expression === 'string'
                  ? loaded.locateInValue?.(outputPath, expression, err.offset)
                  : undefined) ?? at(outputPath),
              ...(err.hint ? { hint: withoutReferencedKeys(err.hint, expression) } : {}),
            },
          ),
        );
      }
    }
    compiledBindings.set(name, {
      template,
      templateDigest: digestOf(binding.input ?? null),
      extraction: extraction.ok
        ? extraction.extraction
        : uncompiledExtraction(binding.output, extraction.errors[0]?.name ?? ''),
      outputDigest: digestOf({ output: binding.output, library: JMESPATH_LIBRARY }),
      contentJsonDigest: mayReadContentJson(binding.output)
        ? digestOf({ output: binding.output, library: JMESPATH_LIBRARY, content: 'json' })
        : digestOf({ output: binding.output, library: JMESPATH_LIBRARY }),
      maeOutputDigest: maeOutputsDigest(binding.output, JMESPATH_LIBRARY),
    });
  }
  return compiledBindings;
}
