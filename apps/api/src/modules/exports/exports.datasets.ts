import {
  BUYER_TYPE_LABELS,
  type BuyerType,
  type ExportDataset,
  FEEDBACK_CATEGORY_LABELS,
  type FeedbackCategory,
  isPlatformAdmin,
  JOB_ROLES,
  ORGANISATION_ROLE_LABELS,
  ORGANISATION_VISIBILITY_LABELS,
  type OrganisationRole,
  type OrganisationVisibility,
  SALES_STATUS_LABELS,
  type SalesStatus,
  STAGE_LABELS,
  type Stage,
} from '@offplan/shared';
import { type SQL, sql } from 'drizzle-orm';
import { LEAD_EXPORT_COLUMNS } from '../leads/lead-export.ts';
import type { LeadExportRow } from '../leads/leads.repository.ts';

/**
 * The six files of /export (decision 036): for each, the base table (what the date filter and the
 * order read, counted alone: every join is a left join or follows a not-null foreign key, so it adds
 * no row and drops none), the joined tables, the select list (aliases are the CSV columns' keys), and
 * the CSV columns. Times are UTC ISO 8601 like the leads export; labels where the portal shows labels.
 */

// biome-ignore lint/suspicious/noExplicitAny: a row is what the select list names, read by its columns.
export type ExportRow = Record<string, any>;
export type ExportColumn = readonly [header: string, value: (row: ExportRow) => string | number | null];

export type ExportDatasetQuery = {
  /** `table alias`: counted on its own and ordered by (created_at, id). */
  table: SQL;
  createdAt: SQL;
  id: SQL;
  /** `timestamp with time zone`; better-auth's own tables keep UTC in `timestamp` columns. */
  withTimeZone: boolean;
  /**
   * Order `nulls first` (created_at and id are never null, so the rows come the same): an index built
   * `desc nulls last`, read backwards, gives `asc nulls first`, and only an order that says so is read
   * off it; otherwise PostgreSQL sorts the whole table before the first row (13 s for a million leads).
   */
  nullsFirst?: boolean;
  joins: SQL;
  select: SQL;
  columns: readonly ExportColumn[];
};

/** `to_char` of an instant as `2026-10-31T23:53:26Z`. */
const iso = (column: string, withTimeZone: boolean) =>
  `to_char(${column}${withTimeZone ? " at time zone 'UTC'" : ''}, 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const yesNo = (value: unknown) => (value ? 'Yes' : 'No');
const label =
  <K extends string>(labels: Record<K, string>) =>
  (value: unknown) =>
    value === null || value === undefined ? null : (labels[value as K] ?? String(value));
const JOB_ROLE_LABELS = Object.fromEntries(JOB_ROLES.map((role) => [role.id, role.label])) as Record<
  number,
  string
>;

const users: ExportDatasetQuery = {
  table: sql.raw('"user" u'),
  createdAt: sql.raw('u.created_at'),
  id: sql.raw('u.id'),
  withTimeZone: false,
  joins: sql.raw(`left join lateral (
      select m.role, o.name from member m join organization o on o.id = m.organization_id
      where m.user_id = u.id order by m.created_at limit 1
    ) first_org on true`),
  select: sql.raw(`u.id, u.name, u.first_name as "firstName", u.last_name as "lastName", u.email,
    u.email_verified as "emailVerified", u.phone_number as phone, u.title, u.company_name as "companyName",
    u.job_role_id as "jobRoleId", first_org.name as "organisation", first_org.role as "organisationRole",
    u.role, coalesce(u.banned, false) as banned, coalesce(u.two_factor_enabled, false) as "twoFactor",
    ${iso('u.created_at', false)} as "createdAt"`),
  columns: [
    ['User ID', (row) => row.id],
    ['Name', (row) => row.name],
    ['First name', (row) => row.firstName],
    ['Last name', (row) => row.lastName],
    ['Email', (row) => row.email],
    ['Email verified', (row) => yesNo(row.emailVerified)],
    ['Phone', (row) => row.phone],
    ['Title', (row) => row.title],
    ['Company (as registered)', (row) => row.companyName],
    [
      'Job role',
      (row) => (row.jobRoleId === null ? null : (JOB_ROLE_LABELS[row.jobRoleId] ?? row.jobRoleId)),
    ],
    ['Organisation', (row) => row.organisation],
    ['Organisation role', (row) => label<OrganisationRole>(ORGANISATION_ROLE_LABELS)(row.organisationRole)],
    ['Platform admin', (row) => yesNo(isPlatformAdmin(row))],
    ['Banned', (row) => yesNo(row.banned)],
    ['Two-step sign-in', (row) => yesNo(row.twoFactor)],
    ['Created', (row) => row.createdAt],
  ],
};

const organisations: ExportDatasetQuery = {
  table: sql.raw('organization o'),
  createdAt: sql.raw('o.created_at'),
  id: sql.raw('o.id'),
  withTimeZone: false,
  joins: sql.raw(`left join lateral (
      select count(*)::int as members,
        string_agg(u.email, '; ' order by u.email) filter (where m.role = 'owner') as owners
      from member m join "user" u on u.id = m.user_id where m.organization_id = o.id
    ) people on true
    left join lateral (select count(*)::int as projects from projects p where p.organisation_id = o.id) listed on true`),
  select: sql.raw(`o.id, o.name, o.abn, o.website, o.phone, o.address, o.visibility, o.tenant,
    people.members, people.owners, listed.projects, ${iso('o.created_at', false)} as "createdAt"`),
  columns: [
    ['Organisation ID', (row) => row.id],
    ['Name', (row) => row.name],
    ['ABN', (row) => row.abn],
    ['Website', (row) => row.website],
    ['Phone', (row) => row.phone],
    ['Address', (row) => row.address],
    ['Visibility', (row) => label<OrganisationVisibility>(ORGANISATION_VISIBILITY_LABELS)(row.visibility)],
    ['Tenant', (row) => row.tenant],
    ['Members', (row) => row.members],
    ['Owners', (row) => row.owners],
    ['Projects', (row) => row.projects],
    ['Created', (row) => row.createdAt],
  ],
};

const projects: ExportDatasetQuery = {
  table: sql.raw('projects p'),
  createdAt: sql.raw('p.created_at'),
  id: sql.raw('p.id'),
  withTimeZone: true,
  joins: sql.raw(`left join organization o on o.id = p.organisation_id
    left join lateral (select count(*)::int as members from project_members pm where pm.project_id = p.id) team on true
    left join lateral (
      select count(*)::int as leads, (count(*) filter (where l.created_at >= now() - interval '30 days'))::int as recent
      from leads l where l.project_id = p.id
    ) enquiries on true`),
  select: sql.raw(`p.id, p.title, p.name, o.name as organisation, p.organisation_id as "organisationId",
    p.developer_name as "developerName", p.full_address as "fullAddress", p.suburb, p.state::text as state,
    p.postcode, p.building_type::text as "buildingType", p.stage::text as stage,
    p.sales_status::text as "salesStatus", p.campaign_type::text as "campaignType",
    '/' || p.prefix || '/' || p.slug as path, team.members, enquiries.leads, enquiries.recent,
    ${iso('p.created_at', true)} as "createdAt", ${iso('p.updated_at', true)} as "updatedAt"`),
  columns: [
    ['Project ID', (row) => row.id],
    ['Title', (row) => row.title],
    ['Internal name', (row) => row.name],
    ['Owner organisation', (row) => row.organisation ?? 'Unclaimed'],
    ['Organisation ID', (row) => row.organisationId],
    ['Developer', (row) => row.developerName],
    ['Address', (row) => row.fullAddress],
    ['Suburb', (row) => row.suburb],
    ['State', (row) => row.state],
    ['Postcode', (row) => row.postcode],
    ['Building type', (row) => row.buildingType],
    ['Stage', (row) => label<Stage>(STAGE_LABELS)(row.stage)],
    ['Sales status', (row) => label<SalesStatus>(SALES_STATUS_LABELS)(row.salesStatus)],
    ['Campaign type', (row) => row.campaignType],
    ['Public path', (row) => row.path],
    ['Members', (row) => row.members],
    ['Leads', (row) => row.leads],
    ['Leads (last 30 days)', (row) => row.recent],
    ['Created', (row) => row.createdAt],
    ['Updated', (row) => row.updatedAt],
  ],
};

/** The leads page's export columns (decision 027), with the project's id and owner organisation. */
const leadColumns: ExportColumn[] = LEAD_EXPORT_COLUMNS.flatMap(([header, value]): ExportColumn[] => {
  const column: ExportColumn = [header, (row) => value(row as LeadExportRow)];
  if (header !== 'Project') return [column];
  return [['Project ID', (row) => row.projectId], column, ['Organisation', (row) => row.organisation]];
});

const leads: ExportDatasetQuery = {
  table: sql.raw('leads l'),
  createdAt: sql.raw('l.created_at'),
  id: sql.raw('l.id'),
  withTimeZone: true,
  // leads_created_idx is (created_at desc nulls last, id desc nulls last).
  nullsFirst: true,
  joins: sql.raw(`join projects p on p.id = l.project_id
    left join organization o on o.id = p.organisation_id
    left join "user" a on a.id = l.assignee_id`),
  select: sql.raw(`l.id, ${iso('l.created_at', true)} as "createdAt", l.project_id as "projectId",
    p.title as "projectTitle", o.name as organisation, l.status::text as status, l.score, l.name, l.email,
    l.phone, l.postcode, l.buyer_type::text as "buyerType", l.budget, l.bedrooms, l.configuration,
    l.timeframe, l.finance_status as "financeStatus", l.source, l.utm_source as "utmSource",
    l.utm_medium as "utmMedium", l.utm_campaign as "utmCampaign", l.campaign_id as "campaignId",
    a.name as "assigneeName",
    round(extract(epoch from l.first_response_at - l.created_at) / 60)::int as "firstResponseMinutes",
    l.enquiry_count as "enquiryCount", l.lost_reason as "lostReason", l.sale_price as "salePrice",
    l.sale_date::text as "saleDate", l.message`),
  columns: leadColumns,
};

const buyerFeedback: ExportDatasetQuery = {
  table: sql.raw('buyer_feedback f'),
  createdAt: sql.raw('f.created_at'),
  id: sql.raw('f.id'),
  withTimeZone: true,
  joins: sql.raw(`join projects p on p.id = f.project_id
    left join organization o on o.id = p.organisation_id
    left join "user" a on a.id = f.agent_id`),
  select: sql.raw(`f.id, ${iso('f.created_at', true)} as "createdAt", f.lead_id as "leadId",
    f.project_id as "projectId", p.title as project, o.name as organisation, a.name as agent,
    a.email as "agentEmail", f.buyer_type::text as "buyerType", f.project_rating as "projectRating",
    f.agent_rating as "agentRating", f.comment`),
  columns: [
    ['Feedback ID', (row) => row.id],
    ['Received', (row) => row.createdAt],
    ['Lead ID', (row) => row.leadId],
    ['Project ID', (row) => row.projectId],
    ['Project', (row) => row.project],
    ['Organisation', (row) => row.organisation],
    ['Agent', (row) => row.agent],
    ['Agent email', (row) => row.agentEmail],
    ['Buyer type', (row) => label<BuyerType>(BUYER_TYPE_LABELS)(row.buyerType)],
    ['Project rating', (row) => row.projectRating],
    ['Agent rating', (row) => row.agentRating],
    ['Comment', (row) => row.comment],
  ],
};

const portalFeedback: ExportDatasetQuery = {
  table: sql.raw('feedback f'),
  createdAt: sql.raw('f.created_at'),
  id: sql.raw('f.id'),
  withTimeZone: true,
  joins: sql.raw('left join "user" u on u.id = f.user_id'),
  select: sql.raw(`f.id, ${iso('f.created_at', true)} as "createdAt", f.email, u.name as "userName",
    f.user_id as "userId", f.tenant, f.category, f.page, f.message`),
  columns: [
    ['Feedback ID', (row) => row.id],
    ['Received', (row) => row.createdAt],
    ['Email', (row) => row.email],
    ['User', (row) => row.userName],
    ['User ID', (row) => row.userId],
    ['Tenant', (row) => row.tenant],
    ['Category', (row) => label<FeedbackCategory>(FEEDBACK_CATEGORY_LABELS)(row.category)],
    ['Page', (row) => row.page],
    ['Message', (row) => row.message],
  ],
};

export const EXPORT_QUERIES: Record<ExportDataset, ExportDatasetQuery> = {
  users,
  organisations,
  projects,
  leads,
  'buyer-feedback': buyerFeedback,
  'portal-feedback': portalFeedback,
};
