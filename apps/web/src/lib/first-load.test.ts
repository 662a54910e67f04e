import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToBrowser } from './first-load.ts';

describe('yieldToBrowser (issue 21: the start runs in several tasks)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('resumes in a later task: work the browser queued before it runs first', async () => {
    vi.stubGlobal('scheduler', undefined);
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    await yieldToBrowser();
    order.push('resumed');
    expect(order).toEqual(['queued task', 'resumed']);
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    await yieldToBrowser();
    expect(schedulerYield).toHaveBeenCalledOnce();
  });
});
