import { scoreDecayPoints } from '@offplan/shared';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inAppMessages,
  leadDigestSubscriptions,
  leadEvents,
  leads,
  outboxMessages,
  projectLeadRecipients,
  projectMembers,
  projects,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { decayLeadScores } from '../lead-scoring/lead-scoring.repository.ts';
import { projectFixtures } from '../projects/projects.fixtures.ts';
import { leadJobFixtures } from './lead-jobs.fixtures.ts';
import { LEAD_JOB_RETRY, LEAD_JOBS } from './lead-jobs.ts';
import { checkLeadSpeed, digestMessageId, notifyLead, sendLeadDigests } from './lead-notifications.ts';
import { responseDeadline } from './speed-to-lead.ts';

let t: TestApp;
let f: ReturnType<typeof projectFixtures>;
let l: ReturnType<typeof leadJobFixtures>;
type Person = Awaited<ReturnType<ReturnType<typeof projectFixtures>['person']>>;
let org: string;
let owner: Person;
let otherMember: Person;

const DAY = 24 * 60 * 60 * 1000;

/** Polls until `check` holds (a job ran), for at most 20 seconds. */
async function waitFor(check: () => Promise<boolean>) {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the jobs');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  f = projectFixtures(t);
  l = leadJobFixtures(t);
  org = await f.organisation('Harbour Developments');
  owner = await f.person({ organisationId: org, role: 'owner' });
  // In the organisation but on none of the test projects: never told of their leads.
  otherMember = await f.person({ organisationId: org, role: 'member' });
});
afterAll(() => t.close());

/** A project of the organisation with approved members. */
async function projectWithMembers(title: string, members: Person[]) {
  const projectId = await f.project(title, { organisationId: org });
  for (const person of members) await t.db.insert(projectMembers).values({ projectId, userId: person.id });
  return projectId;
}

const mailsTo = (addresses: string[], template: string) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(and(inArray(outboxMessages.to, addresses), eq(outboxMessages.template, template)));
const bellsFor = (leadId: number) =>
  t.db
    .select()
    .from(inAppMessages)
    .where(eq(inAppMessages.ctaLink, `/leads?lead=${leadId}`));
const eventsOf = (leadId: number, kind: 'notified' | 'speed_alert') =>
  t.db
    .select()
    .from(leadEvents)
    .where(and(eq(leadEvents.leadId, leadId), eq(leadEvents.kind, kind)));

/** The speed-to-lead checks scheduled for a lead (by its notification job). */
async function speedChecksOf(leadId: number) {
  const result = (await t.db.execute(sql`
    select start_after as "startAfter" from pgboss.job
    where name = ${LEAD_JOBS.speedCheck} and (data->>'leadId')::int = ${leadId}`)) as unknown as {
    rows: { startAfter: string | Date }[];
  };
  return result.rows;
}

describe('lead-notify', () => {
  it('emails the owners and project members once each, one bell per user, and a second run writes nothing', async () => {
    const [agentA, agentB] = [await f.person(), await f.person()];
    const projectId = await projectWithMembers('Quay Residences', [agentA, agentB]);
    const lead = await l.lead(projectId, { name: 'Nina Nguyen', email: 'nina@buyers.test' });

    expect(await notifyLead(l.deps, { leadId: lead.id })).toBe('notified');
    const everyone = [owner.email, agentA.email, agentB.email, otherMember.email];
    const mails = await mailsTo(everyone, 'lead-new');
    expect(mails.map((mail) => mail.to).sort()).toEqual([owner.email, agentA.email, agentB.email].sort());
    const [mail] = mails;
    expect(mail?.subject).toBe('New enquiry: Quay Residences — Nina Nguyen');
    expect(mail?.text).toContain('Email: nina@buyers.test');
    expect(mail?.text).toContain(
      'Score 45/100: +20 Finance pre-approved, +15 Budget $800k or more, +10 Investor',
    );
    expect(mail?.text).toContain(`${t.settings.baseUrl}/leads?lead=${lead.id}`);
    const bells = await bellsFor(lead.id);
    expect(bells.map((bell) => bell.audienceUserId).sort()).toEqual([owner.id, agentA.id, agentB.id].sort());
    expect(bells[0]).toMatchObject({
      title: 'New lead for Quay Residences',
      ctaLabel: 'Open lead',
      audience: 'user',
    });
    expect(await eventsOf(lead.id, 'notified')).toHaveLength(1);

    // The speed-to-lead check is scheduled with the messages, at the response deadline.
    const [listing] = await t.db
      .select({ state: projects.state })
      .from(projects)
      .where(eq(projects.id, projectId));
    const [check] = await speedChecksOf(lead.id);
    expect(new Date(check!.startAfter).getTime()).toBe(
      responseDeadline(lead.createdAt, { minutes: 15, businessHoursOnly: true }, listing!.state).getTime(),
    );

    expect(await notifyLead(l.deps, { leadId: lead.id })).toBe('already');
    expect(await mailsTo(everyone, 'lead-new')).toHaveLength(3);
    expect(await bellsFor(lead.id)).toHaveLength(3);
    expect(await eventsOf(lead.id, 'notified')).toHaveLength(1);
    expect(await speedChecksOf(lead.id)).toHaveLength(1);
  });

  it('runs through pg-boss: the job notifies the lead and the emails it wrote are delivered by their own jobs', async () => {
    const agent = await f.person();
    const projectId = await projectWithMembers('Queued Towers', [agent]);
    const lead = await l.lead(projectId);
    await t.queue.send(LEAD_JOBS.notify, { leadId: lead.id }, LEAD_JOB_RETRY);
    const ours = async () =>
      (await mailsTo([agent.email, owner.email], 'lead-new')).filter((m) =>
        m.text.includes(`lead=${lead.id}`),
      );
    // Without SMTP, delivery marks each row `stored`: proof its job was written with the row.
    await waitFor(async () => (await ours()).filter((mail) => mail.status === 'stored').length === 2);
    const [row] = await t.db
      .select({ notifiedAt: leads.notifiedAt })
      .from(leads)
      .where(eq(leads.id, lead.id));
    expect(row?.notifiedAt).toBeInstanceOf(Date);
    expect(await ours()).toHaveLength(2);
  }, 30_000);

  it('two runs at once (a retry beside the first, another process) notify once', async () => {
    const agent = await f.person();
    const projectId = await projectWithMembers('Twin Runs', [agent]);
    const lead = await l.lead(projectId);
    const outcomes = await Promise.all([
      notifyLead(l.deps, { leadId: lead.id }),
      notifyLead(l.deps, { leadId: lead.id }),
    ]);
    expect(outcomes.sort()).toEqual(['already', 'notified']);
    expect(await bellsFor(lead.id)).toHaveLength(2);
    expect(await eventsOf(lead.id, 'notified')).toHaveLength(1);
    expect(await speedChecksOf(lead.id)).toHaveLength(1);
  });

  it('writes nothing when the run fails part-way: messages and mark roll back together', async () => {
    const agent = await f.person();
    const projectId = await projectWithMembers('Rolled Back', [agent]);
    const lead = await l.lead(projectId);
    const failing = {
      ...l.deps,
      outbox: {
        send: async (...args: Parameters<typeof t.outbox.send>) => {
          await t.outbox.send(...args);
          throw new Error('mail server said no');
        },
      },
    };
    await expect(notifyLead(failing, { leadId: lead.id })).rejects.toThrow('mail server said no');
    expect(
      await mailsTo([agent.email, owner.email], 'lead-new').then((mails) =>
        mails.filter((m) => m.text.includes(`lead=${lead.id}`)),
      ),
    ).toEqual([]);
    expect(await bellsFor(lead.id)).toEqual([]);
    const [row] = await t.db
      .select({ notifiedAt: leads.notifiedAt })
      .from(leads)
      .where(eq(leads.id, lead.id));
    expect(row?.notifiedAt).toBeNull();
    // The retry then does it all.
    expect(await notifyLead(l.deps, { leadId: lead.id })).toBe('notified');
  });
});

describe('lead-notify: who receives what', () => {
  it("sends to the project's own recipient list instead of the default, bells only for its users", async () => {
    const agent = await f.person();
    const projectId = await projectWithMembers('Listed Gardens', [agent]);
    await t.db.insert(projectLeadRecipients).values([
      { projectId, email: 'sales@agency.test' },
      { projectId, email: agent.email },
    ]);
    const lead = await l.lead(projectId);
    await notifyLead(l.deps, { leadId: lead.id });
    const mails = await mailsTo(['sales@agency.test', agent.email, owner.email], 'lead-new');
    expect(
      mails
        .filter((m) => m.text.includes(`lead=${lead.id}`))
        .map((m) => m.to)
        .sort(),
    ).toEqual(['sales@agency.test', agent.email].sort());
    expect((await bellsFor(lead.id)).map((bell) => bell.audienceUserId)).toEqual([agent.id]);
  });

  it('masks contact details in the email and bell of a media-agency recipient (job role 8) only', async () => {
    const [agency, agent] = [await f.person(), await f.person()];
    await l.makeMediaAgency(agency.id);
    const projectId = await projectWithMembers('Masked Point', [agency, agent]);
    const lead = await l.lead(projectId, {
      name: 'Oscar Ortiz',
      email: 'oscar@buyers.test',
      phone: '+61498765432',
    });
    await notifyLead(l.deps, { leadId: lead.id });

    const [masked] = await mailsTo([agency.email], 'lead-new');
    for (const part of [masked?.subject, masked?.text, masked?.html]) {
      expect(part).not.toContain('oscar@buyers.test');
      expect(part).not.toContain('+61498765432');
      expect(part).not.toContain('Oscar Ortiz');
    }
    expect(masked?.subject).toBe('New enquiry: Masked Point — O.••••');
    expect(masked?.text).toContain('Email: ••••');
    expect(masked?.text).toContain('Contact details are hidden for your role');
    const [full] = await mailsTo([agent.email], 'lead-new');
    expect(full?.text).toContain('Email: oscar@buyers.test');
    expect(full?.text).toContain('Phone: +61498765432');
    const bells = await bellsFor(lead.id);
    expect(bells.find((bell) => bell.audienceUserId === agency.id)?.body).not.toContain('Oscar');
    expect(bells.find((bell) => bell.audienceUserId === agent.id)?.body).toContain('Oscar Ortiz');
  });

  it("shows a buyer's HTML as text in the email and the bell", async () => {
    const agent = await f.person();
    const projectId = await projectWithMembers('Escaped Views', [agent]);
    const lead = await l.lead(projectId, {
      name: '<script>alert(1)</script> Eve',
      message: 'Hi <img src=x onerror=alert(2)>\nCall me',
    });
    await notifyLead(l.deps, { leadId: lead.id });
    const [mail] = await mailsTo([agent.email], 'lead-new');
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.html).not.toContain('<img src=x');
    expect(mail?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Eve');
    expect(mail?.html).toContain('Hi &lt;img src=x onerror=alert(2)&gt;');
    expect(mail?.text).toContain('<script>alert(1)</script> Eve enquired on Escaped Views.');
    const [bell] = await bellsFor(lead.id);
    expect(bell?.body).toContain('&lt;script&gt;');
    expect(bell?.body).not.toContain('<script>');
  });
});

describe('lead-speed-check', () => {
  it('alerts the assignee and the owners once when the lead is still New at the deadline', async () => {
    const assignee = await f.person();
    const projectId = await projectWithMembers('Waiting Wharf', [assignee]);
    const createdAt = new Date(Date.now() - 20 * 60_000);
    const lead = await l.lead(projectId, { name: 'Wes Waiting', assigneeId: assignee.id, createdAt });

    expect(await checkLeadSpeed(l.deps, { leadId: lead.id })).toBe('alerted');
    const mails = await mailsTo([assignee.email, owner.email, otherMember.email], 'lead-speed-alert');
    const ours = mails.filter((mail) => mail.text.includes(`lead=${lead.id}`));
    expect(ours.map((mail) => mail.to).sort()).toEqual([assignee.email, owner.email].sort());
    expect(ours[0]?.text).toContain(
      'Lead waiting: Wes Waiting on Waiting Wharf has had no response for 20 minutes.',
    );
    expect((await bellsFor(lead.id)).map((bell) => bell.audienceUserId).sort()).toEqual(
      [assignee.id, owner.id].sort(),
    );
    const [row] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row?.speedAlertAt).toBeInstanceOf(Date);
    expect(await eventsOf(lead.id, 'speed_alert')).toHaveLength(1);

    expect(await checkLeadSpeed(l.deps, { leadId: lead.id })).toBe('answered');
    expect(await bellsFor(lead.id)).toHaveLength(2);
    expect(await eventsOf(lead.id, 'speed_alert')).toHaveLength(1);
  });

  it('does nothing for a lead that was contacted in time', async () => {
    const projectId = await projectWithMembers('Answered Avenue', []);
    const lead = await l.lead(projectId, {
      status: 'CONTACTED',
      firstResponseAt: new Date(),
      firstResponseById: owner.id,
    });
    expect(await checkLeadSpeed(l.deps, { leadId: lead.id })).toBe('answered');
    expect(await bellsFor(lead.id)).toEqual([]);
    expect(await eventsOf(lead.id, 'speed_alert')).toEqual([]);
    const [row] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row?.speedAlertAt).toBeNull();
  });
});

describe('lead-digest', () => {
  it("emails each subscriber the last 24 hours' leads of their projects, once a day, masked for role 8", async () => {
    const [reader, agency, idle] = [await f.person(), await f.person(), await f.person()];
    await l.makeMediaAgency(agency.id);
    const projectId = await projectWithMembers('Digest Heights', [reader, agency]);
    const quietProject = await projectWithMembers('Quiet Fields', [idle]);
    await l.lead(projectId, {
      name: 'Dana Digest',
      email: 'dana@buyers.test',
      createdAt: new Date(Date.now() - 3_600_000),
    });
    await l.lead(projectId, { name: 'Dev Digest', createdAt: new Date(Date.now() - 7_200_000) });
    await l.lead(projectId, { name: 'Old Olga', createdAt: new Date(Date.now() - 2 * DAY) });
    await l.lead(quietProject, { name: 'Old Otto', createdAt: new Date(Date.now() - 3 * DAY) });
    await t.db
      .insert(leadDigestSubscriptions)
      .values([{ userId: reader.id }, { userId: agency.id }, { userId: idle.id }]);

    const now = new Date();
    await sendLeadDigests(l.deps, now);
    const [digest] = await mailsTo([reader.email], 'lead-digest');
    expect(digest?.subject).toMatch(/^Your leads digest for .+: 2 new leads$/);
    expect(digest?.text).toContain('Digest Heights: Dana Digest (Investor), score 45, dana@buyers.test');
    expect(digest?.text).toContain('Dev Digest');
    expect(digest?.text).not.toContain('Old Olga');
    const [masked] = await mailsTo([agency.email], 'lead-digest');
    expect(masked?.text).not.toContain('dana@buyers.test');
    expect(masked?.text).toContain('D.••••');
    expect(await mailsTo([idle.email], 'lead-digest')).toEqual([]);

    // The job retried (or run again the same day) writes nothing more.
    await sendLeadDigests(l.deps, new Date(now.getTime() + 60_000));
    expect(await mailsTo([reader.email, agency.email], 'lead-digest')).toHaveLength(2);
    expect(digest?.id).toBe(
      digestMessageId(
        reader.id,
        new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(now),
      ),
    );
  });
});

describe('lead-score-decay', () => {
  it('lowers the score after 60 days without activity, as scoreDecayPoints does, and restores it on activity', async () => {
    const projectId = await projectWithMembers('Decay Court', []);
    const now = new Date();
    const ages = [10, 59, 61, 95, 120, 200];
    const rows: (typeof leads.$inferSelect)[] = [];
    for (const days of ages) {
      rows.push(
        await l.lead(projectId, {
          baseScore: 63,
          score: 63,
          lastActivityAt: new Date(now.getTime() - days * DAY - 60_000),
        }),
      );
    }
    await decayLeadScores(t.db, now);
    const scores = await t.db
      .select({ id: leads.id, score: leads.score })
      .from(leads)
      .where(
        inArray(
          leads.id,
          rows.map((row) => row.id),
        ),
      );
    const byId = new Map(scores.map((row) => [row.id, row.score]));
    expect(ages.map((_, index) => byId.get(rows[index]!.id))).toEqual(
      ages.map((days) => 63 - scoreDecayPoints(63, days)),
    );
    expect(byId.get(rows[2]!.id)).toBe(47); // 61 days: a quarter (16) off
    expect(byId.get(rows[5]!.id)).toBe(0);

    // Activity again: the next run gives the base score back; a run with nothing to change writes nothing.
    await t.db.update(leads).set({ lastActivityAt: now }).where(eq(leads.id, rows[2]!.id));
    expect(await decayLeadScores(t.db, now)).toBe(1);
    const [restored] = await t.db.select({ score: leads.score }).from(leads).where(eq(leads.id, rows[2]!.id));
    expect(restored?.score).toBe(63);
    expect(await decayLeadScores(t.db, now)).toBe(0);
  });

  it('works in id ranges: a small batch size decays every lead', async () => {
    const projectId = await projectWithMembers('Batch Bay', []);
    const old = new Date(Date.now() - 70 * DAY);
    for (let index = 0; index < 7; index += 1)
      await l.lead(projectId, { baseScore: 40, score: 40, lastActivityAt: old, name: `Batch ${index}` });
    await decayLeadScores(t.db, new Date(), 3);
    const rows = await t.db
      .select({ score: leads.score })
      .from(leads)
      .where(and(eq(leads.projectId, projectId), like(leads.name, 'Batch %')));
    expect(rows.map((row) => row.score)).toEqual(Array(7).fill(30));
  });
});
