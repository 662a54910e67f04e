import type { Db } from '../../db/client.ts';
import type { Branding } from '../../lib/branding.ts';
import { brandedEmail, escapeHtml } from '../../lib/message-templates.ts';
import { sendInAppMessage } from '../../lib/notifications.ts';
import type { Outbox } from '../../lib/outbox.ts';

/**
 * The messages of decision 030's join requests. Each is written inside the transaction that makes or
 * decides the request (the bell row and the outbox row with its delivery job), so a request never
 * exists without its owners told, nor a decision without the person told.
 */
export type JoinMessenger = { outbox: Outbox; branding: Branding; baseUrl: string };

type Person = { name: string; email: string };

/** A new join request → each owner of the organisation: a bell message and an email. */
export async function tellOwnersOfRequest(
  tx: Db,
  messenger: JoinMessenger,
  owners: { id: string; email: string }[],
  organisationName: string,
  requester: Person,
) {
  const link = `${messenger.baseUrl}/organisation`;
  for (const owner of owners) {
    await sendInAppMessage(tx, {
      audience: { userId: owner.id },
      title: 'New request to join your organisation',
      body: `<p><strong>${escapeHtml(requester.name)}</strong> (${escapeHtml(requester.email)}) registered and asked to join <strong>${escapeHtml(organisationName)}</strong>.</p>`,
      ctaLink: '/organisation',
      ctaLabel: 'Review request',
      source: 'system',
    });
    const email = brandedEmail(messenger.branding, {
      subject: `${requester.name} asked to join ${organisationName}`,
      heading: 'A request to join your organisation',
      paragraphs: [
        `${requester.name} (${requester.email}) registered on ${messenger.branding.siteName} and asked to join ${organisationName}.`,
        'Approve or decline the request on your organisation page.',
      ],
      action: { label: 'Review request', url: link },
    });
    await messenger.outbox.send(
      { channel: 'email', to: owner.email, template: 'organisation-join-request', ...email },
      { tx },
    );
  }
}

/** A decided request → the person, by email. */
export async function tellRequesterOfDecision(
  tx: Db,
  messenger: JoinMessenger,
  requester: Person,
  decision: { approved: boolean; requestedName: string; organisationName: string },
) {
  const email = decision.approved
    ? brandedEmail(messenger.branding, {
        subject: `You joined ${decision.organisationName}`,
        heading: 'Your request was approved',
        paragraphs: [
          `Hi ${requester.name},`,
          `${decision.organisationName} approved your request: you are now a member.`,
        ],
        action: { label: 'Open the portal', url: `${messenger.baseUrl}/` },
      })
    : brandedEmail(messenger.branding, {
        subject: 'Your organisation is ready',
        heading: 'Your request was declined',
        paragraphs: [
          `Hi ${requester.name},`,
          `${decision.requestedName} declined your request to join. We made an organisation of your own instead, ${decision.organisationName}, with you as its owner.`,
        ],
        action: { label: 'Open your organisation', url: `${messenger.baseUrl}/organisation` },
      });
  await messenger.outbox.send(
    {
      channel: 'email',
      to: requester.email,
      template: decision.approved ? 'organisation-join-approved' : 'organisation-join-declined',
      ...email,
    },
    { tx },
  );
}
