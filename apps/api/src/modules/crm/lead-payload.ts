import type { LeadPayload } from '@offplan/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * A lead as it leaves the portal (decision 029): the webhook's `data`, the CRM email's JSON and the
 * lead API's items, from one query so the three never differ. `baseUrl` makes the listing's address.
 */
type PayloadRow = {
  id: number;
  createdAt: string;
  updatedAt: string;
  status: LeadPayload['status'];
  source: string;
  score: number;
  projectId: number;
  projectTitle: string;
  prefix: string;
  slug: string;
  organisationId: string;
  organisationName: string;
  name: string;
  email: string;
  phone: string | null;
  postcode: string | null;
  buyerType: string;
  budget: number | null;
  bedrooms: number | null;
  configuration: string | null;
  timeframe: LeadPayload['timeframe'];
  financeStatus: LeadPayload['financeStatus'];
  message: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
};

const iso = (value: string | Date) => new Date(value).toISOString();

export function leadPayloadOf(row: PayloadRow, baseUrl: string): LeadPayload {
  return {
    id: row.id,
    test: false,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    status: row.status,
    source: row.source,
    score: row.score,
    project: {
      id: row.projectId,
      title: row.projectTitle,
      url: `${baseUrl}/${row.prefix}/${row.slug}`,
    },
    organisation: { id: row.organisationId, name: row.organisationName },
    buyer: { name: row.name, email: row.email, phone: row.phone, postcode: row.postcode },
    buyerType: row.buyerType,
    budget: row.budget,
    bedrooms: row.bedrooms,
    configuration: row.configuration,
    timeframe: row.timeframe,
    financeStatus: row.financeStatus,
    message: row.message,
    utm: { source: row.utmSource, medium: row.utmMedium, campaign: row.utmCampaign },
  };
}

/** The columns a payload needs, from `leads l join projects p join organization o`. */
export const LEAD_PAYLOAD_COLUMNS = sql`
  l.id, l.created_at as "createdAt", l.last_activity_at as "updatedAt", l.status::text as status,
  l.source, l.score::int as score, p.id as "projectId", p.title as "projectTitle", p.prefix, p.slug,
  o.id as "organisationId", o.name as "organisationName", l.name, l.email, l.phone, l.postcode,
  l.buyer_type::text as "buyerType", l.budget, l.bedrooms::int as bedrooms, l.configuration,
  l.timeframe, l.finance_status as "financeStatus", l.message, l.utm_source as "utmSource",
  l.utm_medium as "utmMedium", l.utm_campaign as "utmCampaign"`;

/** The payload of one lead, or null when it is gone (deleted with its project) or has no organisation. */
export async function findLeadPayload(db: Db, leadId: number, baseUrl: string): Promise<LeadPayload | null> {
  const result = (await db.execute(sql`
    select ${LEAD_PAYLOAD_COLUMNS}
    from leads l join projects p on p.id = l.project_id join organization o on o.id = p.organisation_id
    where l.id = ${leadId}`)) as unknown as { rows: PayloadRow[] };
  const row = result.rows[0];
  return row ? leadPayloadOf(row, baseUrl) : null;
}

export type { PayloadRow as LeadPayloadRow };
