import { ERROR_CODES, ORGANISATION_MESSAGES as M } from '@offplan/shared';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, organization } from '../../db/schema/index.ts';
import { signIn } from '../../test/sessions.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { organisationFixtures } from './organisation.fixtures.ts';

/**
 * Decision 030 "Details": any member reads the details of their own organisation; owners and admins
 * change them (ABN checksum, phone, website, gazetteer address) and the logo, audited; members are
 * refused every change; people without an organisation get 403; nothing of another organisation shows.
 */

let t: TestApp;
let f: ReturnType<typeof organisationFixtures>;
let mine: Awaited<ReturnType<ReturnType<typeof organisationFixtures>['organisation']>>;
let theirs: Awaited<ReturnType<ReturnType<typeof organisationFixtures>['organisation']>>;

beforeAll(async () => {
  t = await createTestApp();
  f = organisationFixtures(t);
  mine = await f.organisation('Mine Pty Ltd');
  theirs = await f.organisation('Theirs Pty Ltd');
});
afterAll(() => t.close());

const api = () => t.client.api.organisation;
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } })
    .error;

async function detailsAs(headers: Record<string, string>) {
  const response = await api().$get({}, { headers });
  if (response.status !== 200)
    throw new Error(`expected 200, got ${response.status} ${await response.text()}`);
  return response.json();
}

const uploadLogo = (cookie: string, body: Blob, name: string) => {
  const form = new FormData();
  form.set('file', body, name);
  return t.request('/api/organisation/logo', { method: 'POST', cookie, body: form });
};

describe('reading the details', () => {
  it('shows a member their own organisation with counts, their role and that they cannot manage it', async () => {
    const details = await detailsAs(mine.member.headers);
    expect(details).toMatchObject({
      id: mine.id,
      name: 'Mine Pty Ltd',
      yourRole: 'member',
      canManage: false,
      memberCount: 3,
      projectCount: 2,
      visibility: 'public',
    });
    expect((await detailsAs(mine.admin.headers)).canManage).toBe(true);
    expect((await detailsAs(theirs.owner.headers)).id).toBe(theirs.id);
  });

  it('refuses a person without an organisation with 403, saying so', async () => {
    const loner = await f.person();
    const headers = await signIn(t, loner.email);
    for (const response of [
      await api().$get({}, { headers }),
      await api().members.$get({}, { headers }),
      await api().projects.$get({}, { headers }),
    ]) {
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toMatchObject({
        code: ERROR_CODES.forbidden,
        message: M.noOrganisation,
      });
    }
  });

  it('refuses a platform admin (no organisation of their own) a change with 403, saying so', async () => {
    const admin = await f.person({ admin: true });
    const headers = await signIn(t, admin.email);
    const response = await api().$patch({ json: { name: 'Admin was here' } }, { headers });
    expect(response.status).toBe(403);
    expect((await errorOf(response)).message).toBe(M.noOrganisation);
  });
});

describe('changing the details', () => {
  it('lets the owner save every field, normalised, and audits it', async () => {
    const response = await api().$patch(
      {
        json: {
          name: 'Mine Developments',
          abn: '51 824 753 556',
          website: 'www.mine.example.com.au',
          phone: '(02) 9876 5432',
          address: { street: '60 Margaret Street', suburb: 'sydney', state: 'NSW', postcode: '2000' },
          about: 'We build.\nWell.',
          visibility: 'private',
        },
      },
      { headers: mine.owner.headers },
    );
    if (response.status !== 200) throw new Error(`expected 200, got ${response.status}`);
    expect(await response.json()).toMatchObject({
      name: 'Mine Developments',
      abn: '51824753556',
      website: 'https://www.mine.example.com.au/',
      phone: '+61298765432',
      address: { street: '60 Margaret Street', suburb: 'Sydney', state: 'NSW', postcode: '2000' },
      addressLine: '60 Margaret Street, Sydney NSW 2000',
      about: 'We build.\nWell.',
      visibility: 'private',
    });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'organisation.update'), eq(auditLog.targetId, mine.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.actorUserId).toBe(mine.owner.id);
  });

  it('lets an admin change a field and keeps the others', async () => {
    const response = await api().$patch({ json: { about: '' } }, { headers: mine.admin.headers });
    if (response.status !== 200) throw new Error(`expected 200, got ${response.status}`);
    expect(await response.json()).toMatchObject({
      about: null,
      name: 'Mine Developments',
      abn: '51824753556',
    });
  });

  it('refuses a wrong ABN checksum as a field error and changes nothing', async () => {
    const response = await api().$patch({ json: { abn: '51 824 753 557' } }, { headers: mine.owner.headers });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields).toEqual({ abn: M.abnInvalid });
    expect((await detailsAs(mine.owner.headers)).abn).toBe('51824753556');
  });

  it('refuses a suburb, state and postcode the gazetteer does not know, and a bad phone', async () => {
    const address = { street: '1 Main St', suburb: 'Sydney', state: 'VIC' as const, postcode: '2000' };
    const wrongPlace = await api().$patch({ json: { address } }, { headers: mine.owner.headers });
    expect(wrongPlace.status).toBe(400);
    expect((await errorOf(wrongPlace)).fields).toEqual({ address: M.localityUnknown });
    const badPhone = await api().$patch({ json: { phone: '12' } }, { headers: mine.owner.headers });
    expect((await errorOf(badPhone)).fields).toEqual({ phone: M.phoneInvalid });
  });

  it('refuses a member every change with 403 and leaves the row as it was', async () => {
    const [before] = await t.db.select().from(organization).where(eq(organization.id, mine.id));
    const headers = mine.member.headers;
    const png = await sharp({ create: { width: 40, height: 20, channels: 4, background: '#336699' } })
      .png()
      .toBuffer();
    const responses = [
      await api().$patch({ json: { name: 'Taken over' } }, { headers }),
      await uploadLogo(
        mine.member.cookie,
        new Blob([new Uint8Array(png)], { type: 'image/png' }),
        'logo.png',
      ),
      await api().logo.$delete({}, { headers }),
    ];
    for (const response of responses) expect(response.status).toBe(403);
    const [after] = await t.db.select().from(organization).where(eq(organization.id, mine.id));
    expect(after).toEqual(before);
  });

  it('changes only the caller’s own organisation', async () => {
    await api().$patch({ json: { name: 'Renamed by mine' } }, { headers: mine.owner.headers });
    expect((await detailsAs(theirs.owner.headers)).name).toBe('Theirs Pty Ltd');
  });
});

describe('the logo', () => {
  it('takes a PNG, stores a WebP that is served, and removes it', async () => {
    const png = await sharp({ create: { width: 1200, height: 400, channels: 4, background: '#0f7f98' } })
      .png()
      .toBuffer();
    const response = await uploadLogo(
      mine.owner.cookie,
      new Blob([new Uint8Array(png)], { type: 'image/png' }),
      'logo.png',
    );
    expect(response.status).toBe(200);
    const { logoUrl } = (await response.json()) as { logoUrl: string };
    expect((await detailsAs(mine.member.headers)).logoUrl).toBe(logoUrl);
    const served = await t.request(logoUrl);
    expect(served.status).toBe(200);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 512,
      height: 171,
    });
    const removed = await api().logo.$delete({}, { headers: mine.admin.headers });
    expect(removed.status).toBe(200);
    expect((await detailsAs(mine.owner.headers)).logoUrl).toBeNull();
    expect((await t.request(logoUrl)).status).toBe(404);
  });

  it('refuses a text file named .png by its content, and nothing changes', async () => {
    const fake = new Blob(['just some text, not an image'], { type: 'image/png' });
    const response = await uploadLogo(mine.owner.cookie, fake, 'logo.png');
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({
      code: ERROR_CODES.unsupportedImage,
      fields: { file: M.logoInvalid },
    });
    expect((await detailsAs(mine.owner.headers)).logoUrl).toBeNull();
  });
});
