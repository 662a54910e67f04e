import { ANONYMOUS_ID_QUERY_PARAM, CAMPAIGN_QUERY_PARAM } from '@offplan/shared';
import { ANALYTICS_STORAGE_KEYS, type KeyValueStore, removeKey } from './storage.ts';

/**
 * Ids taken from a URL are short and plain: anything else (a pasted link, markup, a 2 KB blob) is
 * ignored rather than sent. 128 is the event schema's limit for campaign_id and device_id.
 */
const PLAIN_ID = /^[A-Za-z0-9_.:-]{1,128}$/;

/** Spec §2 query parameters read on page load. */
export type LandingParams = {
  /** `iterableEmailCampaignId`: the email campaign the visitor came from. */
  campaignId: string | null;
  /** `csl`: the anonymous visitor identity while signed out. */
  anonymousId: string | null;
};

export function readLandingParams(search: string | URLSearchParams): LandingParams {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const plain = (name: string): string | null => {
    const value = params.get(name)?.trim();
    return value && PLAIN_ID.test(value) ? value : null;
  };
  return { campaignId: plain(CAMPAIGN_QUERY_PARAM), anonymousId: plain(ANONYMOUS_ID_QUERY_PARAM) };
}

/** The campaign id kept in localStorage (spec §2) and attached to the campaign events. */
export function createCampaignStore(store: KeyValueStore) {
  const key = ANALYTICS_STORAGE_KEYS.campaignId;
  return {
    get(): string | null {
      try {
        const value = store.getItem(key);
        return value && PLAIN_ID.test(value) ? value : null;
      } catch {
        return null;
      }
    },
    /** Keeps `campaignId`; true when it is a new campaign for this browser (spec §4: a new session). */
    set(campaignId: string): boolean {
      const isNew = this.get() !== campaignId;
      try {
        store.setItem(key, campaignId);
      } catch {
        // Storage refused: the campaign still counts as new, so its session starts.
      }
      return isNew;
    },
    clear(): void {
      removeKey(store, key);
    },
  };
}

export type CampaignStore = ReturnType<typeof createCampaignStore>;
