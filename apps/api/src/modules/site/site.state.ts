import { SITE_SETTINGS_CACHE_MS, type Tenant } from '@offplan/shared';
import type { AppDeps } from '../../lib/context.ts';
import { TENANT_DEFAULTS } from '../../lib/tenants.ts';
import { loadTenants, readSiteSettings, type StoredSiteSettings, type TenantRow } from './site.repository.ts';

/** Tenants change only by an operator's hand: a process re-reads them at most once a minute. */
const TENANTS_CACHE_MS = 60_000;

type Cached<T> = { value: T; readAt: number } | undefined;
type ProcessState = {
  settings: Cached<StoredSiteSettings>;
  settingsLoading: Promise<StoredSiteSettings> | undefined;
  /** Bumped by forgetSiteSettings: a read begun before then neither answers later callers nor fills the cache. */
  generation: number;
  tenants: Cached<Map<Tenant, TenantRow>>;
};

/**
 * One process's copies of the site settings and tenants, per composed app (tests build two apps on
 * one database to stand for two processes). Each copy is at most SITE_SETTINGS_CACHE_MS old, so a
 * switch made on any process reaches every other one within that time, with no restart.
 */
const states = new WeakMap<AppDeps, ProcessState>();

function stateOf(deps: AppDeps): ProcessState {
  let state = states.get(deps);
  if (!state) {
    state = { settings: undefined, settingsLoading: undefined, generation: 0, tenants: undefined };
    states.set(deps, state);
  }
  return state;
}

export async function cachedSiteSettings(deps: AppDeps): Promise<StoredSiteSettings> {
  const state = stateOf(deps);
  if (state.settings && Date.now() - state.settings.readAt < SITE_SETTINGS_CACHE_MS)
    return state.settings.value;
  if (state.settingsLoading) return state.settingsLoading; // concurrent requests share one read
  const generation = state.generation;
  const readAt = Date.now(); // the copy is as old as the moment its read began
  const loading = readSiteSettings(deps.database.db)
    .then((value) => {
      if (state.generation === generation) state.settings = { value, readAt };
      return value;
    })
    .finally(() => {
      if (state.settingsLoading === loading) state.settingsLoading = undefined;
    });
  state.settingsLoading = loading;
  return loading;
}

/** Maintenance is on when MAINTENANCE_MODE forces it or an admin switched it on. */
export async function maintenanceIsOn(deps: AppDeps): Promise<boolean> {
  if (deps.settings.maintenanceMode) return true;
  return (await cachedSiteSettings(deps)).maintenanceMode;
}

/** After this process wrote the switch it answers with the new value at once. */
export function forgetSiteSettings(deps: AppDeps): void {
  const state = stateOf(deps);
  state.generation += 1;
  state.settings = undefined;
  state.settingsLoading = undefined;
}

export type TenantInfo = Omit<TenantRow, 'createdAt' | 'id'> & { id: Tenant };

export async function tenantInfo(deps: AppDeps, tenant: Tenant): Promise<TenantInfo> {
  const state = stateOf(deps);
  if (!state.tenants || Date.now() - state.tenants.readAt >= TENANTS_CACHE_MS) {
    state.tenants = {
      value: await loadTenants(deps.database.db, deps.settings.productName),
      readAt: Date.now(),
    };
  }
  const row = state.tenants.value.get(tenant);
  return row ? { ...row, id: tenant } : { id: tenant, ...TENANT_DEFAULTS[tenant](deps.settings.productName) };
}
