import { describe, expect, it } from 'vitest';
import { isLoggedRequest, redactPath } from './request-context.ts';

describe('request log path', () => {
  it('masks a path segment that carries an email address, raw or percent-encoded', () => {
    expect(redactPath('/api/notifications/someone@example.com')).toBe('/api/notifications/[email]');
    expect(redactPath('/api/notifications/someone%40example.com')).toBe('/api/notifications/[email]');
  });

  it('keeps paths without an address as they are', () => {
    expect(redactPath('/api/projects/search')).toBe('/api/projects/search');
  });
});

describe('request log lines', () => {
  it("leaves out the balancer's passing health checks and keeps failing ones and every other request", () => {
    expect(isLoggedRequest('/healthz', 200)).toBe(false);
    expect(isLoggedRequest('/readyz', 200)).toBe(false);
    expect(isLoggedRequest('/readyz', 503)).toBe(true);
    expect(isLoggedRequest('/api/site', 200)).toBe(true);
    expect(isLoggedRequest('/healthz/extra', 404)).toBe(true);
  });
});
