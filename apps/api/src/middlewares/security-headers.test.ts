import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers.ts';

describe('content security policy', () => {
  it('lets images come only from this site unless an object-storage origin is given', () => {
    expect(contentSecurityPolicy()).toContain("img-src 'self' data: blob:;");
    expect(contentSecurityPolicy(['https://media.example.com'])).toContain(
      "img-src 'self' data: blob: https://media.example.com;",
    );
  });
});
