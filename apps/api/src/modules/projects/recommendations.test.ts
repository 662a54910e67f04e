import type { UserProjectsResponse } from '@offplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { projectFixtures } from './projects.fixtures.ts';

let t: TestApp;
let f: ReturnType<typeof projectFixtures>;
let admin: Awaited<ReturnType<ReturnType<typeof projectFixtures>['person']>>;

const recommendedTo = async (cookie: string) =>
  ((await (await t.request('/api/user-projects', { cookie })).json()) as UserProjectsResponse).output
    .recommendedProjectIds;
const patchListing = async (id: number, json: unknown) => {
  const response = await t.request(`/api/listings/${id}`, { method: 'PATCH', cookie: admin.cookie, json });
  expect(response.status).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp();
  f = projectFixtures(t);
  admin = await f.person({ admin: true });
});
afterAll(async () => {
  await t.close();
});

describe('automatic recommendations follow their inputs, not reads (issue 22 part 5)', () => {
  it('are refreshed when a listing is created or saved, and read as stored otherwise', async () => {
    const org = await f.organisation('Keystone Developments');
    const user = await f.person({ organisationId: org, email: `kai-${Date.now()}@keystone-homes.example` });
    expect(await recommendedTo(user.cookie)).toEqual([]);

    // An admin's new listing is unclaimed: saving its developer name recommends it.
    const created = await t.request('/api/listings', {
      method: 'POST',
      cookie: admin.cookie,
      json: {
        title: 'Keystone Rise',
        address: {
          fullAddress: '3 Key Street, Southport QLD 4215',
          suburb: 'Southport',
          state: 'QLD',
          postcode: '4215',
        },
      },
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { listing: { id: number } }).listing.id;
    expect(await recommendedTo(user.cookie)).toEqual([]);
    await patchListing(id, { developerName: 'KEYSTONE developments!' });
    expect(await recommendedTo(user.cookie)).toEqual([id]);

    // A matching listing written without any of the inputs' changes is not picked up by a read: the
    // read does not recompute.
    const unseen = await f.project('Keystone Quiet', { developerName: 'Keystone Developments' });
    expect(await recommendedTo(user.cookie)).toEqual([id]);

    // Renamed away: gone (and the user's refresh now finds the quiet one too); then matched by the
    // website's domain instead; sold out, never recommended.
    await patchListing(id, { developerName: 'Someone Else Pty Ltd' });
    expect(await recommendedTo(user.cookie)).toEqual([unseen]);
    await patchListing(id, { website: 'https://www.keystone-homes.example/rise' });
    expect(new Set(await recommendedTo(user.cookie))).toEqual(new Set([id, unseen]));
    await patchListing(id, { salesStatus: 'SOLD_OUT' });
    expect(await recommendedTo(user.cookie)).toEqual([unseen]);
  });

  it('are made when a new user chooses a role, and follow a claim', async () => {
    const org = await f.organisation('Lantern Estates');
    const projectId = await f.project('Lantern Walk', { developerName: 'Lantern Estates' });
    const user = await f.person({ organisationId: org, role: 'owner' });
    expect(await recommendedTo(user.cookie)).toEqual([]);
    const chose = await t.request('/api/account/role', {
      method: 'POST',
      cookie: user.cookie,
      json: { roleId: 1 },
    });
    expect(chose.status).toBe(200);
    expect(await recommendedTo(user.cookie)).toEqual([projectId]);

    const claimed = await t.request(`/api/project?op=claim_project&project_id=${projectId}`, {
      method: 'POST',
      cookie: user.cookie,
      json: {},
    });
    expect(claimed.status).toBe(200);
    expect(await recommendedTo(user.cookie)).toEqual([]);
  });

  it("follow an organisation's new name when its owner renames it through better-auth", async () => {
    const org = await f.organisation('Quartzline Group');
    const owner = await f.person({ organisationId: org, role: 'owner' });
    const listed = await f.project('Marlow Quarter', { developerName: 'Marlow Property Co' });
    // Inputs already refreshed once (a listing save would do the same): nothing matches the old name.
    await patchListing(listed, { developerName: 'Marlow Property Co' });
    expect(await recommendedTo(owner.cookie)).toEqual([]);

    const renamed = await t.request('/api/auth/organization/update', {
      method: 'POST',
      cookie: owner.cookie,
      json: { organizationId: org, data: { name: 'Marlow Property Co' } },
    });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    expect(await recommendedTo(owner.cookie)).toEqual([listed]);
  });
});
