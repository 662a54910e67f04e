import { describe, expect, it } from 'vitest';
import { redactPath } from './request-context.ts';

describe('request log path', () => {
  it('masks a path segment that carries an email address, raw or percent-encoded', () => {
    expect(redactPath('/api/notifications/someone@example.com')).toBe('/api/notifications/[email]');
    expect(redactPath('/api/notifications/someone%40example.com')).toBe('/api/notifications/[email]');
  });

  it('keeps paths without an address as they are', () => {
    expect(redactPath('/api/projects/search')).toBe('/api/projects/search');
  });
});
