import { describe, expect, it } from 'vitest';
import {
  hasPermission,
  maskLeadContact,
  maskPhoneNumber,
  PERMISSIONS,
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
