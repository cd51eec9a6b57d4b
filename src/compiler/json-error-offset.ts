/**
 * Where JSON.parse failed, when its message does not say: V8 names a position for some errors ("…
 * in JSON at position 7") but not for an unexpected token (`Unexpected token ']', "[1,]" is not
 * valid JSON`), so a trailing comma on line 3 of a JSON dataset was reported at 1:1 (QA161). A scan
 * of the JSON grammar, building no value, finds the offset of the first character it cannot take.
 */
export function jsonFailureOffset(text: string): number | undefined {
  let i = 0;
  const n = text.length;
  const space = () => {
    while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  class Stop {
    constructor(readonly at: number) {}
  }
  const fail = (): never => {
    throw new Stop(Math.min(i, n));
  };
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[i] !== ch) fail();
      i++;
    }
  };
  const string = () => {
    i++; // the opening quote
    while (i < n && text[i] !== '"') {
      if (text.charCodeAt(i) < 32) fail();
      if (text[i] === '\\') {
        i++;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail();
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? 'x')) fail();
      }
      i++;
    }
    if (i >= n) fail();
    i++;
  };
  const number = () => {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    const length = match?.[0].length ?? 0;
    if (length === 0) fail();
    i += length;
  };
  const value = (depth: number): void => {
    if (depth > 10_000) fail();
    space();
    const ch = text[i];
    if (ch === '{') {
      i++;
      space();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        space();
        if (text[i] !== '"') fail();
        string();
        space();
        if (text[i] !== ':') fail();
        i++;
        value(depth + 1);
        space();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return;
        }
        fail();
      }
    }
    if (ch === '[') {
      i++;
      space();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value(depth + 1);
        space();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return;
        }
        fail();
      }
    }
    if (ch === '"') string();
    else if (ch === 't') literal('true');
    else if (ch === 'f') literal('false');
    else if (ch === 'n') literal('null');
    else number();
  };
  try {
    if (text.charCodeAt(0) === 0xfeff) i = 1;
    value(0);
    space();
    return i < n ? i : undefined;
  } catch (err) {
    if (err instanceof Stop) return err.at;
    return undefined; // a stack overflow: the parser's own message stands
  }
}
