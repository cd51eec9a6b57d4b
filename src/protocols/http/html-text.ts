/**
 * An HTML error page's text as it reads: tags (and script/style contents) dropped, character
 * references decoded. Express's default error page (finalhandler, escape-html) writes the error as
 * `(reading &#39;query&#39;)` and indents its stack with `&nbsp;`, which were quoted as written in
 * error messages and report.md (QA122). One pass, so `&amp;lt;` reads `&lt;`.
 */
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function htmlPageText(html: string): string {
  // Linear in the page (QA127): `<[^>]*>` tried from every `<` ran to the page's end when no `>`
  // followed, and `<script…</script>` did from every unclosed `<script`, so a 100 kB error page of
  // `<` held the event loop ~5 s (a 1 MB one, minutes, timing out every other call in flight). A
  // tag stops at the next `<`; an unclosed script/style takes the rest of the page, as a browser's.
  // A comment is dropped whole, in the same pass (QA133): `<!-- <b>x</b> -->` and Cloudflare's
  // `<!--[if gt IE 8]><!-->` left `<!--` or `-->` in the quoted text once a tag stopped at `<`.
  const text = html
    .replace(/<!--[\s\S]*?(?:-->|$)|<(script|style)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, ' ')
    .replace(/<[^<>]*>/g, ' ');
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? whole;
    const hex = name[1] === 'x' || name[1] === 'X';
    const code = hex ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    return valid ? String.fromCodePoint(code) : whole;
  });
}
