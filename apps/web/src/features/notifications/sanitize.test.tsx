import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { MessageBody } from './components/message-body.tsx';
import { SafeHtml } from './components/safe-html.tsx';
import { hasHtml } from './lib/has-html.ts';
import { isExternalLink, safeLink } from './lib/popup-rules.ts';
import { messageText, sanitizeMessageHtml } from './lib/sanitize.ts';
import { XSS_PAYLOADS } from './lib/xss-payloads.ts';

type XssWindow = Window & { __xss?: unknown };

afterEach(() => {
  delete (window as XssWindow).__xss;
});

const DANGEROUS =
  /<script|<svg|<math|<iframe|<object|<embed|<form|<style|<meta|<base|<input|javascript:|\son[a-z]+=|srcdoc|style=/i;

describe('message HTML sanitising', () => {
  it.each(XSS_PAYLOADS.map((payload) => [payload]))('makes %s inert', (payload) => {
    const clean = sanitizeMessageHtml(payload);
    expect(clean).not.toMatch(DANGEROUS);
  });

  it('renders every payload without running anything, even when hovered and clicked', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { container } = renderWithProviders(
      <div>
        {XSS_PAYLOADS.map((payload) => (
          <SafeHtml key={payload} html={payload} />
        ))}
      </div>,
    );
    for (const element of container.querySelectorAll('*')) {
      fireEvent.mouseOver(element);
      fireEvent.focus(element);
    }
    for (const link of container.querySelectorAll('a')) {
      link.addEventListener('click', (event) => event.preventDefault());
      fireEvent.click(link);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((window as XssWindow).__xss).toBeUndefined();
    expect(alert).not.toHaveBeenCalled();
    const rendered = [...container.querySelectorAll('[data-testid="message-html"]')];
    expect(rendered).toHaveLength(XSS_PAYLOADS.length);
    for (const html of rendered) {
      expect(
        html.querySelectorAll('script, svg, math, iframe, object, embed, form, style, input, meta, base'),
      ).toHaveLength(0);
    }
    for (const element of container.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames())
        expect(attribute.startsWith('on'), attribute).toBe(false);
    }
    for (const link of container.querySelectorAll('a[href]')) {
      expect(link.getAttribute('href')).toMatch(/^(https?:|mailto:|\/|#)/);
    }
  });

  it('keeps ordinary formatting, and makes links open safely in a new tab', () => {
    const clean = sanitizeMessageHtml('<p>Hi <b>there</b> <a href="https://example.com/x">more</a></p>');
    expect(clean).toContain('<b>there</b>');
    expect(clean).toContain('href="https://example.com/x"');
    expect(clean).toContain('target="_blank"');
    expect(clean).toContain('rel="noopener noreferrer nofollow"');
  });

  it('renders the body as HTML only when there is a thumbnail, otherwise as plain text', () => {
    const body = '<p>Hello <b>bold</b></p><img src=x onerror="window.__xss=1">';
    const plain = renderWithProviders(<MessageBody body={body} thumbnail={null} />);
    expect(screen.getByTestId('message-text').textContent).toBe('Hello bold');
    expect(screen.queryByTestId('message-html')).toBeNull();
    expect(document.querySelector('b')).toBeNull();
    plain.unmount();
    renderWithProviders(<MessageBody body={body} thumbnail="https://example.com/t.png" />);
    expect(screen.getByTestId('message-html').querySelector('b')?.textContent).toBe('bold');
    expect(document.querySelector('img[onerror]')).toBeNull();
    expect((window as XssWindow).__xss).toBeUndefined();
  });

  it('never treats another site as a portal path (`//host`, `/\\host`, a longer host name)', () => {
    for (const link of ['//evil.example/x', '/\\evil.example/x', 'javascript:alert(1)', ' data:text/html,x'])
      expect(safeLink(link), link).toBeNull();
    expect(safeLink('/projects')).toBe('/projects');
    expect(safeLink('https://example.com/a')).toBe('https://example.com/a');
    expect(isExternalLink(`${window.location.origin}.evil.example/x`)).toBe(true);
    expect(isExternalLink(`${window.location.origin}/projects`)).toBe(false);
    expect(isExternalLink('https://example.com/a')).toBe(true);
    const clean = sanitizeMessageHtml(
      '<a href="/\\evil.example">a</a><a href="//evil.example">b</a><img src="/\\evil.example/t.png">',
    );
    expect(clean).not.toContain('evil.example');
  });

  it('lets no id or name of a message clobber globals of the page (DOM clobbering)', () => {
    const fragment = document.createElement('div');
    fragment.innerHTML = sanitizeMessageHtml('<a id="root" name="__app">x</a><img name="getElementById">');
    for (const element of fragment.querySelectorAll('[id], [name]')) {
      for (const value of [element.getAttribute('id'), element.getAttribute('name')].filter(Boolean))
        expect(value).toMatch(/^user-content-/);
    }
  });

  it('tells HTML bodies from plain ones (spec §9 "no html")', () => {
    expect(hasHtml('<p>x</p>')).toBe(true);
    expect(hasHtml('just words, 3 < 4')).toBe(false);
    expect(messageText('<p>a</p><p>b <i>c</i></p>')).toBe('a\nb c');
  });
});
