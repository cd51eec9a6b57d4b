/**
 * Which `prices:` entry prices a model: its own key, else the longest key the reported name
 * extends with a snapshot or tag suffix. OpenAI answers a request for `gpt-4o-mini` with
 * `"model": "gpt-4o-mini-2024-07-18"`, Anthropic with dated names (`claude-3-5-sonnet-20241022`,
 * `…-latest`), Ollama with tags (`qwen2.5:7b`), so `prices: {gpt-4o-mini}` found nothing and every
 * example's cost was a metric_error (QA41). A suffix is a snapshot when it is `:` anything, `-`
 * and a digit, or `-latest`: `gpt-4o-mini` does not extend `gpt-4o` (another model, a sixteenth of
 * its price — it took gpt-4o's price, QA105), nor `gpt-4o-audio-preview` `gpt-4o`.
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

function isSnapshotSuffix(suffix: string): boolean {
  return /^(?::.|-\d|-latest$)/.test(suffix);
}
