import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SafeHtml, safeHref, withoutAttributes } from './SafeHtml.js';

describe('SafeHtml', () => {
  afterEach(cleanup);

  it('rebuilds the allowed tags and nothing else: no script, no handler, no javascript: link', () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { container } = render(
      <SafeHtml
        html={
          '<h3 style="color:red">Notice</h3><p onclick="alert(0)">A <b>b</b> <strong>s</strong> <i>i</i> <em>e</em> <u>u</u><br>x</p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><h4>h</h4>' +
          '<img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">x</a><a href="java\tscript:alert(4)">y</a><a href="https://example.com/r">rules</a><a href="mailto:a@example.com">mail</a><div class="c">div text</div><iframe src="https://evil.test"></iframe>'
        }
      />,
    );
    const html = container.innerHTML;
    expect(html).not.toMatch(/<script|<img|<iframe|onerror|onclick|style=|class=|javascript:|alert\(/i);
    expect(container.querySelector('h3')?.textContent).toBe('Notice');
    expect(container.querySelectorAll('b, strong, i, em, u, br, ul li, ol li, blockquote, h4')).toHaveLength(10);
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['x', null],
      ['y', null],
      ['rules', 'https://example.com/r'],
      ['mail', 'mailto:a@example.com'],
    ]);
    for (const a of links) expect([a.getAttribute('target'), a.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
    expect(container.textContent).toContain('div text');
    expect(alert).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('strips every attribute before parsing, keeping only safe link targets', () => {
    expect(withoutAttributes('<p class="x" onclick="a()">on time</p><img src=x onerror=alert(1)><svg/onload=alert(2)>')).toBe('<p>on time</p><img><svg>');
    expect(withoutAttributes(`<a href="https://a.test/?q=1&amp;x=2" onclick=z()>a</a><a href=javascript:alert(1)>b</a><a title=t href='mailto:m@x.y'>c</a>`)).toBe(
      '<a href="https://a.test/?q=1&amp;x=2">a</a><a>b</a><a href="mailto:m@x.y">c</a>',
    );
    // An attribute value holding a '>' leaves its rest as text, never as an attribute.
    expect(withoutAttributes('<img alt=">" onerror=alert(1)>')).toBe('<img>" onerror=alert(1)>');
  });

  it('tells safe link targets', () => {
    expect(safeHref('https://a.test')).toBe('https://a.test');
    expect(safeHref(' MAILTO:x@y.z')).toBe('MAILTO:x@y.z');
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref(' \u0001javascript:alert(1)')).toBeUndefined();
    expect(safeHref('data:text/html,<script>')).toBeUndefined();
    expect(safeHref('/relative')).toBeUndefined();
  });
});
