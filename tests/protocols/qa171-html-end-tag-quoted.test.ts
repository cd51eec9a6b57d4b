/**
 * QA171: a script or style element's end tag runs to its `>` as a browser reads it, a quoted
 * attribute value included: `</script foo=">">` ended at the `>` inside the quotes, so the error
 * evalc quoted (in run.log, report.md and report.html) read `Internal error "> Database …`. Real
 * loopback RAIP agent.
 */
import { describe, expect, it } from 'vitest';
import { htmlErrorPages } from './html-error-page.js';

const failWith = htmlErrorPages();

describe('a quoted `>` in a script or style end tag (QA171)', () => {
  it('is part of the end tag, not the text after it', async () => {
    const { message } = await failWith(
      `<p>Internal error</p><script>var a = 1;</script foo=">"><style>p{}</style x='>' y="<"/><p>Database connection refused</p>`,
    );
    expect(message).toMatch(/invoke: HTTP 500: Internal error Database connection refused$/);
  });

  it('a megabyte of end tags whose quotes close only at the page end is read at once', async () => {
    const { message, ms } = await failWith(`<p>boom</p>${`<script>x</script a=" b='>`.repeat(40_000)}'"`);
    expect(message).toMatch(/invoke: HTTP 500: boom/);
    expect(ms).toBeLessThan(10_000);
  }, 60_000);
});
