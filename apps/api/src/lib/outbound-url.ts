import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { CRM_MESSAGES } from '@offplan/shared';

/**
 * Decision 029's rule for an address the portal calls out to (a CRM webhook), checked when a
 * destination is saved and again before every delivery: the delivery connects to the addresses checked
 * here (a pinned lookup), so a DNS answer that changes between the check and the request cannot move it
 * into the private network.
 */

export type ResolvedAddress = { address: string; family: 4 | 6 };
export type OutboundUrlCheck =
  | {
      ok: true;
      url: URL;
      /**
       * In production, every address the host resolved to (all public): connect only to these. Outside
       * production nothing is refused and nothing is resolved (empty): the caller resolves as usual.
       */
      addresses: ResolvedAddress[];
    }
  | { ok: false; message: string };

/** A host that does not resolve cannot be checked, so it is refused (no contract message fits it). */
export const HOST_NOT_FOUND_MESSAGE = 'The host of this address could not be found';

/** Addresses that are not the public internet: private, loopback, link-local, CGNAT, multicast, reserved. */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv6');
}

const loopbackV4 = new BlockList();
loopbackV4.addSubnet('127.0.0.0', 8, 'ipv4');

/** `::ffff:10.0.0.1` (and its hex form `::ffff:a00:1`): the IPv4 address inside, else null. */
function mappedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = Number.parseInt(hex[1]!, 16);
  const low = Number.parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether one resolved address is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublic.check(address, 'ipv4');
  if (family !== 6) return false;
  const inner = mappedIpv4(address);
  if (inner) return !notPublic.check(inner, 'ipv4');
  return !notPublic.check(address, 'ipv6');
}

/** The URL's host without the brackets an IPv6 literal carries. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();

function isLoopbackHost(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return loopbackV4.check(host, 'ipv4');
  return host === '::1';
}

const systemLookup = async (host: string): Promise<ResolvedAddress[]> =>
  (await dnsLookup(host, { all: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

/** Decision 029's URL rule. `lookup` defaults to node:dns/promises lookup(host, {all: true}). */
export async function checkWebhookUrl(
  raw: string,
  options: { production: boolean; lookup?: (host: string) => Promise<ResolvedAddress[]> },
): Promise<OutboundUrlCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: CRM_MESSAGES.webhookUrlHttps };
  }
  const host = bareHost(url);
  const allowedHttp = url.protocol === 'http:' && !options.production && isLoopbackHost(host);
  if (url.protocol !== 'https:' && !allowedHttp) return { ok: false, message: CRM_MESSAGES.webhookUrlHttps };
  if (!options.production) return { ok: true, url, addresses: [] };

  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.lookup ?? systemLookup)(host);
    } catch {
      addresses = [];
    }
  }
  if (addresses.length === 0) return { ok: false, message: HOST_NOT_FOUND_MESSAGE };
  // One private answer among public ones is refused too: the connection could pick any of them.
  if (!addresses.every((entry) => isPublicAddress(entry.address))) {
    return { ok: false, message: CRM_MESSAGES.webhookUrlPrivate };
  }
  return { ok: true, url, addresses };
}
