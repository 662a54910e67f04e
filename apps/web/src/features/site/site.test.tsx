import { DEFAULT_THEME } from '@mantine/core';
import { ERROR_CODES, MESSAGES, type SiteInfo } from '@offplan/shared';
import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../lib/api-client.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { siteOf } from '../../test/factories.ts';
import { theme } from '../../theme.ts';
import { siteQueryKey } from './api/site.ts';
import { brandedTheme } from './components/branded-mantine-provider.tsx';
import { isAdminSignInPath } from './components/maintenance-gate.tsx';
import { noteMaintenanceError } from './hooks/use-maintenance-signal.ts';

const site = siteOf();

describe('noteMaintenanceError', () => {
  it('turns the site flag on when a call answered 503 MAINTENANCE', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(siteQueryKey, site);
    noteMaintenanceError(
      queryClient,
      new ApiClientError({ status: 503, code: ERROR_CODES.maintenance, message: MESSAGES.maintenance }),
    );
    expect(queryClient.getQueryData<SiteInfo>(siteQueryKey)?.maintenanceMode).toBe(true);
  });

  it('ignores every other failure', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(siteQueryKey, site);
    noteMaintenanceError(queryClient, new ApiClientError({ status: 503, code: 'NOT_READY', message: 'x' }));
    noteMaintenanceError(queryClient, new Error('boom'));
    expect(queryClient.getQueryData<SiteInfo>(siteQueryKey)?.maintenanceMode).toBe(false);
  });
});

describe('isAdminSignInPath', () => {
  it('keeps only the sign-in on the way to /site-settings open during maintenance', () => {
    expect(isAdminSignInPath('/login', '?redirect=%2Fsite-settings')).toBe(true);
    expect(isAdminSignInPath('/login/verify-otp', '?redirect=%2Fsite-settings')).toBe(true);
    expect(isAdminSignInPath('/login', '')).toBe(false);
    expect(isAdminSignInPath('/login', '?redirect=%2Fdashboard')).toBe(false);
    expect(isAdminSignInPath('/login', '?redirect=%2Fsite-settings-evil')).toBe(false);
    expect(isAdminSignInPath('/dashboard', '?redirect=%2Fsite-settings')).toBe(false);
  });
});

describe('brandedTheme', () => {
  it("uses the tenant's Mantine colour as the primary colour", () => {
    expect(brandedTheme(theme, 'teal').primaryColor).toBe('teal');
    expect('teal' in DEFAULT_THEME.colors).toBe(true);
  });

  it('keeps the theme for an unknown colour or none', () => {
    expect(brandedTheme(theme, 'no-such-colour')).toBe(theme);
    expect(brandedTheme(theme, undefined)).toBe(theme);
  });
});
