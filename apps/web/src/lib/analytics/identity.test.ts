import type { AnalyticsUser } from '@offplan/shared';
import { describe, expect, it } from 'vitest';
import { createIdentity } from './identity.ts';
import { ANALYTICS_STORAGE_KEYS, memoryStore } from './storage.ts';

const dana: AnalyticsUser = {
  user_id: 'user-1',
  first_name: 'Dana',
  last_name: null,
  email: 'dana@harbourline.example',
  phone: null,
  job_title: 'Sales agent',
  role_id: null,
  user_role: null,
  role: 'member',
  company: null,
  org_id: null,
  role_updated: false,
  terms_accepted: true,
  organisation_visibility: null,
};

describe('identity', () => {
  it('keeps the device id it created on first use', () => {
    const store = memoryStore();
    let ids = 0;
    const identity = createIdentity(store, () => `device-${++ids}`);
    expect(identity.deviceId()).toBe('device-1');
    expect(createIdentity(store, () => 'other').deviceId()).toBe('device-1');
  });

  it('replaces a stored device id longer than the schema allows', () => {
    const store = memoryStore();
    store.setItem(ANALYTICS_STORAGE_KEYS.deviceId, 'x'.repeat(129));
    expect(createIdentity(store, () => 'fresh').deviceId()).toBe('fresh');
  });

  it('remembers the identified user with sanitized properties, and forgets them', () => {
    const store = memoryStore();
    const identity = createIdentity(store, () => 'device');
    identity.identify(dana, { long: 'y'.repeat(2000), skipped: undefined });

    const user = identity.user();
    expect(user?.userId).toBe('user-1');
    expect(user?.properties.job_title).toBe('Sales agent');
    expect(String(user?.properties.long)).toHaveLength(1024);
    expect(user?.properties).not.toHaveProperty('skipped');

    identity.forgetUser();
    expect(identity.user()).toBeNull();
  });
});
