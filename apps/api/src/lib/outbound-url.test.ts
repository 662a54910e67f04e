import { CRM_MESSAGES } from '@offplan/shared';
import { describe, expect, it } from 'vitest';
import {
  checkWebhookUrl,
  HOST_NOT_FOUND_MESSAGE,
  isPublicAddress,
  type ResolvedAddress,
} from './outbound-url.ts';

/** A resolver that answers from a table: the tests never touch the network. */
const resolver =
  (table: Record<string, string[]>) =>
  async (host: string): Promise<ResolvedAddress[]> => {
    const found = table[host];
    if (!found) throw new Error(`ENOTFOUND ${host}`);
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

const production = (table: Record<string, string[]>) => ({ production: true, lookup: resolver(table) });
const development = { production: false, lookup: resolver({}) };

describe('checkWebhookUrl', () => {
  it('refuses anything but https and http, and text that is not a URL', async () => {
    for (const raw of [
      'ftp://crm.example.com/hook',
      'not a url',
      'file:///etc/passwd',
      'javascript:alert(1)',
    ]) {
      expect(await checkWebhookUrl(raw, development)).toEqual({
        ok: false,
        message: CRM_MESSAGES.webhookUrlHttps,
      });
    }
  });

  it('allows http only to a loopback host, and only outside production', async () => {
    for (const raw of [
      'http://localhost:3000/hook',
      'http://127.0.0.1/hook',
      'http://127.8.9.10/x',
      'http://[::1]:8080/',
    ]) {
      const answer = await checkWebhookUrl(raw, development);
      expect(answer.ok, raw).toBe(true);
      expect(await checkWebhookUrl(raw, production({ localhost: ['127.0.0.1'] }))).toEqual({
        ok: false,
        message: CRM_MESSAGES.webhookUrlHttps,
      });
    }
    for (const raw of [
      'http://crm.example.com/hook',
      'http://10.0.0.1/hook',
      'http://localhost.example.com/',
    ]) {
      expect(await checkWebhookUrl(raw, development)).toEqual({
        ok: false,
        message: CRM_MESSAGES.webhookUrlHttps,
      });
    }
  });

  it('outside production takes any https host without resolving it', async () => {
    const answer = await checkWebhookUrl('https://10.1.2.3/hook', development);
    expect(answer).toMatchObject({ ok: true, addresses: [] });
    const named = await checkWebhookUrl('https://nowhere.invalid/hook', development);
    expect(named.ok).toBe(true);
  });

  it('in production answers the public addresses the host resolved to, to connect to', async () => {
    const answer = await checkWebhookUrl(
      'https://crm.example.com/hooks/lead?x=1',
      production({ 'crm.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'] }),
    );
    if (!answer.ok) throw new Error(answer.message);
    expect(answer.url.pathname).toBe('/hooks/lead');
    expect(answer.addresses).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
    ]);
  });

  it('in production refuses a host that resolves into a private network, even among public answers', async () => {
    const refused = { ok: false, message: CRM_MESSAGES.webhookUrlPrivate };
    const cases: Record<string, string[]> = {
      'private.example.com': ['10.0.0.5'],
      'mixed.example.com': ['93.184.216.34', '192.168.1.10'],
      'local.example.com': ['127.0.0.1'],
      'metadata.example.com': ['169.254.169.254'],
      'v6.example.com': ['fd12:3456::1'],
      'mapped.example.com': ['::ffff:10.0.0.1'],
      'cgnat.example.com': ['100.100.1.1'],
    };
    for (const host of Object.keys(cases)) {
      expect(await checkWebhookUrl(`https://${host}/hook`, production(cases)), host).toEqual(refused);
    }
    expect(await checkWebhookUrl('https://192.168.0.1/hook', production({}))).toEqual(refused);
    expect(await checkWebhookUrl('https://[fe80::1]/hook', production({}))).toEqual(refused);
    expect(await checkWebhookUrl('https://localhost/hook', production({ localhost: ['::1'] }))).toEqual(
      refused,
    );
  });

  it('in production refuses a host that does not resolve', async () => {
    expect(await checkWebhookUrl('https://nowhere.invalid/hook', production({}))).toEqual({
      ok: false,
      message: HOST_NOT_FOUND_MESSAGE,
    });
  });
});

describe('isPublicAddress', () => {
  it.each([
    ['10.255.0.1', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['172.32.0.1', true],
    ['192.168.200.1', false],
    ['127.0.0.1', false],
    ['169.254.1.1', false],
    ['100.64.0.1', false],
    ['100.127.255.255', false],
    ['100.128.0.1', true],
    ['0.1.2.3', false],
    ['224.0.0.251', false],
    ['239.255.255.250', false],
    ['8.8.8.8', true],
    ['::1', false],
    ['::', false],
    ['fe80::abcd', false],
    ['febf::1', false],
    ['fc00::1', false],
    ['fdff::1', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:a00:1', false],
    ['::ffff:8.8.8.8', true],
    ['2001:4860:4860::8888', true],
    ['not-an-address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
