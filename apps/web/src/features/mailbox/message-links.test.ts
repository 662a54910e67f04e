import { describe, expect, it } from 'vitest';
import { messageLink } from './message-links.ts';

const origin = 'http://localhost:3000';

describe('messageLink', () => {
  it('marks links of this site as same-origin', () => {
    expect(messageLink('http://localhost:3000/verify?token=abc', origin)).toEqual({
      href: 'http://localhost:3000/verify?token=abc',
      sameOrigin: true,
    });
    expect(messageLink('/forgot-password/t1', origin)).toEqual({
      href: 'http://localhost:3000/forgot-password/t1',
      sameOrigin: true,
    });
  });

  it('marks other sites as other origins', () => {
    expect(messageLink('https://offplan.example/terms', origin)).toEqual({
      href: 'https://offplan.example/terms',
      sameOrigin: false,
    });
  });

  it('refuses anything that is not http(s)', () => {
    expect(messageLink('javascript:alert(1)', origin)).toBeNull();
    expect(messageLink('data:text/html,hi', origin)).toBeNull();
    expect(messageLink('http://[bad', origin)).toBeNull();
  });
});
