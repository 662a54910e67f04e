import './zod-config.ts';
import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('turns off code generation in the Zod the app loads later', async () => {
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
