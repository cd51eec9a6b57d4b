/**
 * Writes a `--json` result the way `JSON.stringify(value, null, 2)` spells it, in pieces: a plan's
 * `steps` list at 50,000 examples × 3 repeats is 750,000 entries and 222 MB of text, and one string
 * that size doubles the command's memory (1.3 GB); past ~536 million characters (V8's longest
 * string, about 100,000 examples × 3 repeats × 3 metrics) `JSON.stringify` throws instead.
 * Top-level arrays are written element by element, in chunks of about 1 MB.
 */
const CHUNK = 1 << 20;

/** `JSON.stringify(value, null, 2)` of a value nested `depth` levels deep. */
function nested(value: unknown, depth: number): string {
  const text = JSON.stringify(value, null, 2);
  return depth === 0 ? text : text.replace(/\n/g, `\n${'  '.repeat(depth)}`);
}

export function writeJson(value: Record<string, unknown>, write: (text: string) => void): void {
  let buffer = '';
  const emit = (text: string) => {
    buffer += text;
    if (buffer.length >= CHUNK) {
      write(buffer);
      buffer = '';
    }
  };
  // As JSON.stringify: keys whose value is undefined (or a function) are left out.
  const entries = Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== 'function');
  if (entries.length === 0) emit('{}');
  else {
    emit('{\n');
    entries.forEach(([key, v], i) => {
      emit(`  ${JSON.stringify(key)}: `);
      if (Array.isArray(v) && v.length > 0) {
        emit('[\n');
        v.forEach((item, j) => {
          // JSON.stringify writes null for undefined or function array items.
          const safe = item === undefined || typeof item === 'function' ? null : item;
          emit(`    ${nested(safe, 2)}${j < v.length - 1 ? ',' : ''}\n`);
        });
        emit('  ]');
      } else emit(nested(v, 1));
      emit(i < entries.length - 1 ? ',\n' : '\n');
    });
    emit('}');
  }
  emit('\n');
  if (buffer) write(buffer);
}
