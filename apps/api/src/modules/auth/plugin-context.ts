import { createHash, randomBytes } from 'node:crypto';
import { CLIENT_IP_HEADER } from '../../auth-constants.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';

/** A random single-use token for a link or the magic token, and the hash the database keeps instead. */
export function newSecretToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}

export function hashSecretToken(token: string) {
  return createHash('sha256').update(token).digest('hex');
}

type RequestLike = { headers?: Headers | undefined } | undefined;

/** Audits a write made inside a better-auth endpoint, with the request's address and id. */
export function auditFromAuth(db: Db, request: RequestLike, entry: Parameters<typeof recordAudit>[1]) {
  const headers = request?.headers;
  return recordAudit(db, {
    ipAddress: headers?.get(CLIENT_IP_HEADER) ?? null,
    userAgent: headers?.get('user-agent') ?? null,
    requestId: headers?.get('x-request-id') ?? null,
    ...entry,
  });
}
