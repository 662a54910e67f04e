import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PERMISSION_SETS,
  hasPermission,
  maskLeadContact,
  maskPhoneNumber,
  PERMISSION_SET_KEYS,
  PERMISSIONS,
  permissionSetsWith,
  permissionsOf,
} from './permissions.ts';

describe('permissionsOf (design §1)', () => {
  it('gives platform admins every permission', () => {
    expect([...permissionsOf({ isAdmin: true, jobRoleId: null, organisationRole: null })]).toEqual([
      ...PERMISSIONS,
    ]);
  });

  it('lets organisation owners and admins manage the organisation and CRM, not members', () => {
    for (const organisationRole of ['owner', 'admin'] as const) {
      expect(hasPermission({ isAdmin: false, jobRoleId: 1, organisationRole }, 'organisation.manage')).toBe(
        true,
      );
      expect(hasPermission({ isAdmin: false, jobRoleId: 1, organisationRole }, 'crm.manage')).toBe(true);
    }
    expect(
      hasPermission({ isAdmin: false, jobRoleId: 1, organisationRole: 'member' }, 'organisation.manage'),
    ).toBe(false);
  });

  it('never gives a portal user the platform permissions', () => {
    for (const permission of ['users.manage', 'impersonate', 'settings.manage'] as const) {
      expect(hasPermission({ isAdmin: false, jobRoleId: 1, organisationRole: 'owner' }, permission)).toBe(
        false,
      );
    }
  });

  it('takes lead contact details and export from job role 8 (spec §6 role-id list), keeping counts and reports', () => {
    const agency = permissionsOf({ isAdmin: false, jobRoleId: 8, organisationRole: 'owner' });
    expect(agency.has('leads.contact_details')).toBe(false);
    expect(agency.has('leads.export')).toBe(false);
    expect(agency.has('leads.view')).toBe(true);
    expect(agency.has('reporting.view')).toBe(true);
    expect(
      hasPermission({ isAdmin: false, jobRoleId: 2, organisationRole: 'member' }, 'leads.contact_details'),
    ).toBe(true);
  });
});

describe('permissionsOf with the sets in force (/roles, decision 032)', () => {
  const owner = { isAdmin: false, jobRoleId: 1, organisationRole: 'owner' } as const;

  it('has one set per platform, organisation and job role, the job-role sets full but media agency', () => {
    expect(PERMISSION_SET_KEYS).toEqual([
      'platform_admin',
      'organisation_owner',
      'organisation_admin',
      'organisation_member',
      'job_role_1',
      'job_role_2',
      'job_role_3',
      'job_role_8',
      'job_role_9',
    ]);
    expect(DEFAULT_PERMISSION_SETS.job_role_1).toEqual([...PERMISSIONS]);
    expect(DEFAULT_PERMISSION_SETS.job_role_8).not.toContain('leads.contact_details');
  });

  it("gives the organisation role's set narrowed by the job role's set; no job role, no narrowing", () => {
    const sets = permissionSetsWith([
      { setKey: 'organisation_owner', permissions: ['leads.view', 'reporting.view', 'crm.manage'] },
      { setKey: 'job_role_1', permissions: ['leads.view', 'crm.manage', 'users.manage'] },
    ]);
    expect([...permissionsOf(owner, sets)]).toEqual(['leads.view', 'crm.manage']);
    expect([...permissionsOf({ ...owner, jobRoleId: null }, sets)]).toEqual([
      'leads.view',
      'reporting.view',
      'crm.manage',
    ]);
    // A job role the portal does not know restricts nothing.
    expect(permissionsOf({ ...owner, jobRoleId: 42 }, sets).has('reporting.view')).toBe(true);
  });

  it('uses the member set without an organisation, and only the platform set for admins', () => {
    const sets = permissionSetsWith([
      { setKey: 'organisation_member', permissions: ['projects.claim'] },
      { setKey: 'platform_admin', permissions: ['settings.manage'] },
    ]);
    expect([...permissionsOf({ isAdmin: false, jobRoleId: null, organisationRole: null }, sets)]).toEqual([
      'projects.claim',
    ]);
    expect([...permissionsOf({ isAdmin: true, jobRoleId: 8, organisationRole: 'owner' }, sets)]).toEqual([
      'settings.manage',
    ]);
  });

  it('ignores unknown sets and permissions in saved edits, and keeps the code order', () => {
    const sets = permissionSetsWith([
      { setKey: 'organisation_janitor', permissions: ['leads.view'] },
      { setKey: 'organisation_admin', permissions: ['reporting.view', 'leads.teleport', 'leads.view'] },
    ]);
    expect(sets.organisation_admin).toEqual(['leads.view', 'reporting.view']);
    expect(Object.keys(sets)).toEqual([...PERMISSION_SET_KEYS]);
  });

  it('defaults to the starting sets', () => {
    expect(hasPermission(owner, 'crm.manage')).toBe(
      hasPermission(owner, 'crm.manage', DEFAULT_PERMISSION_SETS),
    );
  });
});

describe('maskLeadContact', () => {
  it('hides the email and phone and keeps only the initial of the name', () => {
    const masked = maskLeadContact({
      id: 7,
      name: 'Priya Buyer',
      email: 'priya@example.com',
      phone: '0412 345 678',
    });
    expect(masked).toEqual({ id: 7, name: 'P.••••', email: '••••', phone: '••••' });
    expect(JSON.stringify(masked)).not.toMatch(/priya|345/i);
  });
});

describe('maskPhoneNumber', () => {
  it('shows only the last three digits', () => {
    expect(maskPhoneNumber('+61412345678')).toBe('•••• ••• 678');
  });
});
