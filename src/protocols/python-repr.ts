/**
 * A reply that is a Python literal instead of JSON (QA24): `print(reply)`, `str(reply)`,
 * `writer.write(str(reply).encode())` or Flask's `return str(reply)` send the dict's repr —
 * `{'action': 'final_answer', 'done': True, 'extra': None}` — single quotes and Python's
 * constants. It is refused as not JSON like any other text, but the message then pointed at the
 * wrong cause (a banner on stdout); this names the usual one.
 */

/** ` (… json.dumps …)` when the text looks like a Python dict or list repr, else the empty string. */
export function pythonReprHint(text: string): string {
  return looksLikePythonRepr(text)
    ? ' (this looks like a Python dict printed with print(reply) or str(reply): send json.dumps(reply))'
    : '';
}

function looksLikePythonRepr(text: string): boolean {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return false;
  // a single-quoted key or first item: {'action': …}, [{'tool': …}], ['a', …]
  if (/^[[{]\s*[[{]?\s*'/.test(trimmed)) return true;
  // Python's constants where JSON has true/false/null: {"done": True}
  return /[:,[]\s*(True|False|None)\s*[,}\]]/.test(trimmed);
}
