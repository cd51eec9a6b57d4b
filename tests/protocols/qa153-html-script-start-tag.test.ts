/**
 * QA153: in an HTML error page, a script or style element's contents start after its start tag,
 * and a quoted attribute value is part of that tag (QA138, QA150): `<script data-x="</script>">`
 * closed the element inside its own attribute, so the script's code was quoted as the error's
 * text. The closer is now searched from the start tag's end, which keeps the reading linear (a
 * page whose every start tag opens a quote closed only at its end is read at once). Real
 * loopback RAIP agent.
 */
import { describe, expect, it } from 'vitest';
import { htmlErrorPages } from './html-error-page.js';

const failWith = htmlErrorPages();

describe('a script or style closer inside its start tag (QA153)', () => {
  it('`</script>` in a quoted attribute of the script does not end it', async () => {
    const { message } = await failWith(
      `<p>Internal error</p><script data-x="</script>">var gone = 1;</script><style title='</style>'>p{}</style><p>Database connection refused</p>`,
    );
    expect(message).toMatch(/invoke: HTTP 500: Internal error Database connection refused$/);
  });

  it('a megabyte of start tags whose quotes close only at the page end is read at once', async () => {
    const { message, ms } = await failWith(`<p>boom</p>${`<script a='x" b="</script>`.repeat(40_000)}'"`);
    expect(message).toMatch(/invoke: HTTP 500: boom /);
    // Linear: milliseconds; scanning each start tag to the page end would take minutes.
    expect(ms).toBeLessThan(10_000);
  });
});
