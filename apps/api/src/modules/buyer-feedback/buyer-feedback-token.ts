import { createHash, randomBytes } from 'node:crypto';

/**
 * A feedback link's token (decision 028): 32 random bytes, base64url (43 characters), so it cannot be
 * guessed. Only its SHA-256 is stored: a copy of the database cannot rate on a buyer's behalf.
 */
export const newFeedbackToken = () => randomBytes(32).toString('base64url');

export const feedbackTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The public page a token opens. */
export const feedbackPath = (token: string) => `/rate/${encodeURIComponent(token)}`;
