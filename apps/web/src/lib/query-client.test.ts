import { ERROR_CODES } from '@offplan/shared';
import { describe, expect, it } from 'vitest';
import { ApiClientError } from './api-client.ts';
import { shouldRetry } from './query-client.ts';

const apiError = (status: number, code: string) => new ApiClientError({ status, code, message: code });

describe('shouldRetry', () => {
  it('retries network and server errors twice', () => {
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(1, apiError(502, 'BAD_GATEWAY'))).toBe(true);
    expect(shouldRetry(2, apiError(502, 'BAD_GATEWAY'))).toBe(false);
  });
  it('never retries client errors or maintenance, so the maintenance screen shows at once', () => {
    expect(shouldRetry(0, apiError(404, ERROR_CODES.notFound))).toBe(false);
    expect(shouldRetry(0, apiError(503, ERROR_CODES.maintenance))).toBe(false);
  });
});
