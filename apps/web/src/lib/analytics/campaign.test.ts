import { describe, expect, it } from 'vitest';
import { createCampaignStore, readLandingParams } from './campaign.ts';
import { memoryStore } from './storage.ts';

describe('landing query parameters (spec §2)', () => {
  it('reads the email campaign id and the anonymous visitor id', () => {
    expect(readLandingParams('?iterableEmailCampaignId=123&csl=abc')).toEqual({
      campaignId: '123',
      anonymousId: 'abc',
    });
  });

  it('ignores absent, empty, over-long or odd values', () => {
    expect(readLandingParams('')).toEqual({ campaignId: null, anonymousId: null });
    expect(readLandingParams('?iterableEmailCampaignId=&csl=%20')).toEqual({
      campaignId: null,
      anonymousId: null,
    });
    expect(readLandingParams(`?iterableEmailCampaignId=${'9'.repeat(129)}`).campaignId).toBeNull();
    expect(readLandingParams('?csl=<script>').anonymousId).toBeNull();
  });
});

describe('the stored campaign', () => {
  it('says whether a campaign id is new to this browser', () => {
    const store = memoryStore();
    const campaigns = createCampaignStore(store);
    expect(campaigns.get()).toBeNull();
    expect(campaigns.set('123')).toBe(true);
    expect(createCampaignStore(store).set('123')).toBe(false);
    expect(campaigns.set('456')).toBe(true);
    expect(campaigns.get()).toBe('456');
    campaigns.clear();
    expect(campaigns.get()).toBeNull();
  });
});
