/**
 * Which `prices:` entry prices a model: its own key, else the longest key the reported name
 * extends with a snapshot or tag suffix. OpenAI answers a request for `gpt-4o-mini` with
 * `"model": "gpt-4o-mini-2024-07-18"`, Anthropic with dated names (`claude-3-5-sonnet-20241022`,
 * `…-latest`), Mistral and Google with numbered snapshots (`mistral-large-2411`,
 * `gemini-1.5-pro-002`), Bedrock with a version (`anthropic.claude-3-5-sonnet-20241022-v2:0`),
 * Ollama and OpenRouter with tags (`qwen2.5:7b`, `…:beta`), so `prices: {gpt-4o-mini}` found
 * nothing and every example's cost was a metric_error (QA41).
 *
 * The suffix is made only of snapshot parts: `-` and a date or snapshot number (3 digits or more:
 * `-0613`, `-002`, `-2024-08-06`), `-latest`, a Bedrock `-v2:0`, then at most a `:` tag. Any other
 * word names another model: `gpt-4o-mini` does not extend `gpt-4o` (a sixteenth of its price, QA105),
 * nor `gemini-1.5-flash-8b` `gemini-1.5-flash`, `claude-opus-4-5` `claude-opus-4` (a third of its
 * price), `gpt-4-32k` or `gpt-4-0125-preview` `gpt-4` (QA109).
 */
export function priceKeyFor(prices: Record<string, unknown>, model: string): string | undefined {
  if (Object.hasOwn(prices, model)) return model;
  let best: string | undefined;
  for (const key of Object.keys(prices)) {
    if (key === '' || !model.startsWith(key) || !isSnapshotSuffix(model.slice(key.length))) continue;
    if (best === undefined || key.length > best.length) best = key;
  }
  return best;
}

const SNAPSHOT_SUFFIX = /^(?:-(?:\d{4}-\d{2}-\d{2}|\d{3,}|latest))*(?:-v\d+(?::\d+)?)?(?::.+)?$/;

function isSnapshotSuffix(suffix: string): boolean {
  return suffix !== '' && SNAPSHOT_SUFFIX.test(suffix);
}
