import { describe, expect, it } from 'vitest';
import { parseSettings, SettingsError } from '../../env.ts';
import { currentTenant, runWithTenant, tenantForHost } from '../../lib/branding.ts';

describe('tenantForHost', () => {
  const hosts = { 'ibn.localhost': 'ibn', 'leads.example.com': 'ibn' } as const;
  it('maps a listed host (any case, with or without a port) to its tenant, anything else to offplan', () => {
    expect(tenantForHost('ibn.localhost:3000', hosts)).toBe('ibn');
    expect(tenantForHost('LEADS.Example.com', hosts)).toBe('ibn');
    expect(tenantForHost('portal.example.com', hosts)).toBe('offplan');
    expect(tenantForHost(undefined, hosts)).toBe('offplan');
  });

  it('never takes an inherited property for a tenant: a spoofed Host such as "constructor" is offplan (review R2)', () => {
    for (const host of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf:80']) {
      expect(tenantForHost(host, hosts)).toBe('offplan');
    }
  });
});

describe('TENANT_HOSTS setting', () => {
  it('parses host=tenant pairs and refuses unknown tenants', () => {
    expect(parseSettings({ TENANT_HOSTS: 'IBN.example.com=ibn, ibn.localhost=ibn' }).tenantHosts).toEqual({
      'ibn.example.com': 'ibn',
      'ibn.localhost': 'ibn',
    });
    expect(() => parseSettings({ TENANT_HOSTS: 'x.example.com=acme' })).toThrow(SettingsError);
  });
});

describe('currentTenant', () => {
  it('is the tenant of the request being served, offplan outside one', () => {
    expect(currentTenant()).toBe('offplan');
    runWithTenant('ibn', () => expect(currentTenant()).toBe('ibn'));
  });
});
