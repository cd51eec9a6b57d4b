/**
 * Where a text stops being JSON, for the errors V8 gives no position: `Unexpected end of JSON
 * input` (a lock cut short after a comma or a brace) and `Unexpected token ']', …` (a trailing
 * comma left by a row deleted by hand), QA209: both were named by file alone.
 */

class Break {
  constructor(readonly at: number) {}
}

/** The offset at which `text` stops being JSON (RFC 8259), or undefined where it is JSON. */
export function jsonBreakOffset(text: string): number | undefined {
  let i = 0;
  const fail = (): never => {
    throw new Break(i);
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++;
  };
  const string = () => {
    i++;
    for (;;) {
      const c = text[i];
      if (c === undefined || c.charCodeAt(0) < 0x20) fail();
      if (c === '"') {
        i++;
        return;
      }
      if (c !== '\\') i++;
      else if ('"\\/bfnrt'.includes(text[i + 1] ?? '-')) i += 2;
      else if (text[i + 1] === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) i += 6;
      else fail();
    }
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i++;
      space();
      if (text[i] === close) {
        i++;
        return;
      }
      for (;;) {
        if (close === '}') {
          space();
          if (text[i] !== '"') fail();
          string();
          space();
          if (text[i] !== ':') fail();
          i++;
        }
        value();
        space();
        if (text[i] === close) {
          i++;
          return;
        }
        if (text[i] !== ',') fail();
        i++;
      }
    }
    if (c === '"') {
      string();
      return;
    }
    const literal = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;
    literal.lastIndex = i;
    if (!literal.test(text)) fail();
    i = literal.lastIndex;
  };
  try {
    if (text.charCodeAt(0) === 0xfeff) i = 1;
    value();
    space();
    return i < text.length ? i : undefined;
  } catch (err) {
    if (err instanceof Break) return err.at;
    return undefined; // nested deeper than the stack: no position
  }
}
