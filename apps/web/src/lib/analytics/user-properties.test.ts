import type { SessionUser } from '@offplan/shared';
import { describe, expect, it } from 'vitest';
import { toAnalyticsUser } from './user-properties.ts';

const user: SessionUser = {
  id: 'u1',
  name: 'Dana Developer',
  email: 'dana@harbourline.example',
  emailVerified: true,
  firstName: 'Dana',
  lastName: 'Developer',
  title: 'Sales Director',
  jobRoleId: 8,
  phoneNumber: '+61400000000',
  companyName: 'Typed At Registration',
  role: 'user',
};

describe('analytics user properties (spec §3, §6)', () => {
  it('renames the session user and account state to the spec’s names', () => {
    expect(
      toAnalyticsUser({
        user: { ...user, termsAcceptedAt: new Date('2026-01-01T00:00:00.000Z') },
        isAdmin: false,
        organisation: { id: 'org-1', name: 'Harbourline' },
      }),
    ).toEqual({
      user_id: 'u1',
      first_name: 'Dana',
      last_name: 'Developer',
      email: 'dana@harbourline.example',
      phone: '+61400000000',
      job_title: 'Sales Director',
      role_id: 8,
      user_role: 'Media Agency',
      role: 'user',
      company: 'Harbourline',
      org_id: 'org-1',
      role_updated: true,
      terms_accepted: true,
      organisation_visibility: null,
    });
  });

  it('describes an admin without a job role or organisation', () => {
    const admin = toAnalyticsUser({
      user: { ...user, jobRoleId: null, title: null, phoneNumber: null, companyName: null, role: 'admin' },
      isAdmin: true,
      organisation: null,
    });
    expect(admin).toMatchObject({
      role: 'admin',
      role_id: null,
      user_role: null,
      role_updated: false,
      company: null,
      org_id: null,
      phone: null,
      job_title: null,
      terms_accepted: false,
    });
  });

  it('falls back to the company typed at registration', () => {
    expect(toAnalyticsUser({ user, isAdmin: false, organisation: null }).company).toBe(
      'Typed At Registration',
    );
  });
});
