import { describe, expect, it } from 'vitest';
import { cleanAnnouncementHtml, plainTextOf } from './sanitize.js';

describe('announcement body cleaning', () => {
  it('drops scripts, event handlers and javascript: links; keeps the safe subset', () => {
    const html = cleanAnnouncementHtml(
      '<h3>Title</h3><p onclick="x()">A <b>bold</b> <strong>s</strong> <i>i</i> <em>e</em> <u>u</u><br>line</p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><h4>h</h4>' +
        '<img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a><a href="https://example.com/a?b=1" onmouseover="y()">ok</a><a href="mailto:hse@example.com">m</a>' +
        '<iframe src="https://evil.test"></iframe><style>p{}</style><div style="color:red">div text</div><a href="//evil.test">pr</a><svg><circle onload="z()"/></svg>',
    );
    expect(html).not.toMatch(/script|onerror|onclick|onmouseover|onload|javascript:|<img|<iframe|<style|style=|<svg|<div|evil\.test/i);
    expect(html).toContain('<h3>Title</h3>');
    expect(html).toContain('<p>A <b>bold</b> <strong>s</strong> <i>i</i> <em>e</em> <u>u</u><br />line</p>');
    expect(html).toContain('<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><h4>h</h4>');
    expect(html).toContain('<a href="https://example.com/a?b=1" rel="noopener noreferrer" target="_blank">ok</a>');
    expect(html).toContain('<a href="mailto:hse@example.com" rel="noopener noreferrer" target="_blank">m</a>');
    // The javascript: link keeps its text, not its target.
    expect(html).toContain('<a rel="noopener noreferrer" target="_blank">x</a>');
    expect(html).toContain('div text');
  });

  it('reads the body as plain text for the message', () => {
    expect(plainTextOf('<p>Tom &amp; Jerry</p><p>second&nbsp;line</p>', 100)).toBe('Tom & Jerry second line');
    expect(plainTextOf('<p>abcdefghij</p>', 5)).toBe('abcd…');
  });
});
