import {
  EMAIL_TEMPLATE_DEFAULTS,
  EMAIL_TEMPLATE_NAMES,
  type EmailTemplateInput,
  type EmailTemplateName,
  ERROR_CODES,
  emailTemplateVariables,
  TENANTS,
  type Tenant,
} from '@offplan/shared';
import { audit } from '../../lib/audit.ts';
import {
  addressOf,
  type Branding,
  brandingSourceOf,
  displayName,
  tenantBranding,
} from '../../lib/branding.ts';
import type { AppDeps } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { actionBlock, linesBlock } from '../../lib/message-templates.ts';
import { createRouter } from '../../lib/router.ts';
import { leadRecipientsOf, saveLeadRecipients } from '../leads/lead-settings.repository.ts';
import {
  deleteTemplateOverride,
  projectForRecipients,
  projectsForRecipients,
  saveSender,
  saveTemplateOverride,
  senderOf,
  templateChangesOf,
  templateOverridesOf,
} from './email-settings.repository.ts';
import {
  deleteTemplate,
  getRecipientProjects,
  getRecipients,
  getSenders,
  getTemplate,
  getTemplates,
  previewTemplate,
  putRecipients,
  putSender,
  putTemplate,
  testTemplate,
} from './email-settings.routes.ts';
import { renderTemplateSource, TemplateRefusal } from './email-template-renderer.ts';

/** /email-settings (issue 19 item 4, decision 034): senders per tenant, lead recipients, the email templates. */
export const emailSettingsRouter = createRouter();

const dbOf = (deps: AppDeps) => deps.database.db;
const brandingOf = (deps: AppDeps, tenant: Tenant) => tenantBranding(brandingSourceOf(deps), tenant);

// ---- Senders ----

/** The name and address of a stored From ('Name <address>'; a bare address has no name). */
function senderParts(from: string | null) {
  if (!from) return { name: '', address: '' };
  const match = /^\s*"?(.*?)"?\s*<[^<>]+>\s*$/.exec(from);
  return { name: match?.[1]?.trim() ?? '', address: addressOf(from) };
}

async function senderAnswer(deps: AppDeps, tenant: Tenant) {
  const [stored, branding] = await Promise.all([senderOf(dbOf(deps), tenant), brandingOf(deps, tenant)]);
  return {
    tenant,
    siteName: branding.siteName,
    ...senderParts(stored),
    effectiveFrom: branding.sender,
    defaultFrom: deps.settings.emailFrom,
  };
}

emailSettingsRouter.openapi(getSenders, async (c) => {
  const senders = [];
  for (const tenant of TENANTS) senders.push(await senderAnswer(c.get('deps'), tenant));
  return c.json({ senders }, 200);
});

emailSettingsRouter.openapi(putSender, async (c) => {
  const { tenant } = c.req.valid('param');
  const { name, address } = c.req.valid('json');
  const before = await senderOf(dbOf(c.get('deps')), tenant);
  const branding = await brandingOf(c.get('deps'), tenant);
  const from =
    name || address
      ? `${displayName(name || branding.siteName)} <${address || addressOf(c.get('deps').settings.emailFrom)}>`
      : null;
  await saveSender(dbOf(c.get('deps')), tenant, from, (tx) =>
    audit(
      c,
      {
        action: 'email_settings.sender',
        targetType: 'tenant',
        targetId: tenant,
        data: { before, after: from },
      },
      tx,
    ),
  );
  return c.json(await senderAnswer(c.get('deps'), tenant), 200);
});

// ---- Lead recipients (the same rows and rules as the project's own setting, modules/leads) ----

emailSettingsRouter.openapi(getRecipientProjects, async (c) => {
  const { q } = c.req.valid('query');
  return c.json({ projects: await projectsForRecipients(dbOf(c.get('deps')), q || undefined) }, 200);
});

async function recipientsProject(deps: AppDeps, id: number) {
  const project = await projectForRecipients(dbOf(deps), id);
  if (!project) throw notFound('No such project.');
  return project;
}

emailSettingsRouter.openapi(getRecipients, async (c) => {
  const project = await recipientsProject(c.get('deps'), c.req.valid('param').id);
  return c.json(await leadRecipientsOf(dbOf(c.get('deps')), project), 200);
});

emailSettingsRouter.openapi(putRecipients, async (c) => {
  const project = await recipientsProject(c.get('deps'), c.req.valid('param').id);
  const { emails } = c.req.valid('json');
  const before = await leadRecipientsOf(dbOf(c.get('deps')), project);
  await saveLeadRecipients(dbOf(c.get('deps')), project.id, emails, (tx) =>
    audit(
      c,
      {
        action: 'project.lead_recipients',
        targetType: 'project',
        targetId: String(project.id),
        data: { before: before.emails, after: emails },
      },
      tx,
    ),
  );
  return c.json(await leadRecipientsOf(dbOf(c.get('deps')), project), 200);
});

// ---- Templates ----

function templateNamed(name: string): EmailTemplateName {
  if (!(EMAIL_TEMPLATE_NAMES as readonly string[]).includes(name)) throw notFound('No such email template.');
  return name as EmailTemplateName;
}

async function templateAnswer(deps: AppDeps, tenant: Tenant, name: EmailTemplateName) {
  const [overrides, changes] = await Promise.all([
    templateOverridesOf(dbOf(deps), tenant),
    templateChangesOf(dbOf(deps), tenant),
  ]);
  const definition = EMAIL_TEMPLATE_DEFAULTS[name];
  const change = changes.find((row) => row.name === name);
  const own = overrides[name];
  return {
    name,
    label: definition.label,
    description: definition.description,
    customised: Boolean(own),
    updatedAt: change?.updatedAt.toISOString() ?? null,
    updatedBy: change?.updatedBy ?? null,
    subject: own?.subject ?? definition.subject,
    body: own?.body ?? definition.body,
    defaultSubject: definition.subject,
    defaultBody: definition.body,
    variables: emailTemplateVariables(name),
  };
}

/** Renders with each variable's sample value; a refusal answers 422 with the field and the reason. */
function renderSample(branding: Branding, name: EmailTemplateName, source: EmailTemplateInput) {
  const definition = EMAIL_TEMPLATE_DEFAULTS[name];
  const values: Record<string, string> = {};
  const blocks: Record<string, ReturnType<typeof linesBlock>> = {};
  const url = definition.variables.find((variable) => variable.name === 'url')?.sample ?? '';
  for (const variable of definition.variables) {
    if (variable.name === 'button') blocks.button = actionBlock(branding, { label: definition.action, url });
    else if (variable.block) blocks[variable.name] = linesBlock(variable.sample.split('\n'));
    else values[variable.name] = variable.sample;
  }
  try {
    return renderTemplateSource(branding, name, source, values, blocks);
  } catch (error) {
    if (error instanceof TemplateRefusal) {
      throw new AppError(422, ERROR_CODES.validation, error.message, { [error.field]: error.message });
    }
    throw error;
  }
}

emailSettingsRouter.openapi(getTemplates, async (c) => {
  const { tenant } = c.req.valid('query');
  const changes = await templateChangesOf(dbOf(c.get('deps')), tenant);
  const templates = EMAIL_TEMPLATE_NAMES.map((name) => {
    const change = changes.find((row) => row.name === name);
    const { label, description } = EMAIL_TEMPLATE_DEFAULTS[name];
    return {
      name,
      label,
      description,
      customised: Boolean(change),
      updatedAt: change?.updatedAt.toISOString() ?? null,
      updatedBy: change?.updatedBy ?? null,
    };
  });
  return c.json({ templates }, 200);
});

emailSettingsRouter.openapi(getTemplate, async (c) => {
  const name = templateNamed(c.req.valid('param').name);
  return c.json(await templateAnswer(c.get('deps'), c.req.valid('query').tenant, name), 200);
});

emailSettingsRouter.openapi(putTemplate, async (c) => {
  const name = templateNamed(c.req.valid('param').name);
  const { tenant } = c.req.valid('query');
  const source = c.req.valid('json');
  renderSample(await brandingOf(c.get('deps'), tenant), name, source);
  const before = (await templateOverridesOf(dbOf(c.get('deps')), tenant))[name] ?? null;
  await saveTemplateOverride(
    dbOf(c.get('deps')),
    { tenant, name, ...source, updatedById: c.get('user').id },
    (tx) =>
      audit(
        c,
        {
          action: 'email_settings.template_save',
          targetType: 'email_template',
          targetId: `${tenant}:${name}`,
          data: { before, after: source },
        },
        tx,
      ),
  );
  return c.json(await templateAnswer(c.get('deps'), tenant, name), 200);
});

emailSettingsRouter.openapi(deleteTemplate, async (c) => {
  const name = templateNamed(c.req.valid('param').name);
  const { tenant } = c.req.valid('query');
  const before = (await templateOverridesOf(dbOf(c.get('deps')), tenant))[name] ?? null;
  await deleteTemplateOverride(dbOf(c.get('deps')), tenant, name, (tx) =>
    audit(
      c,
      {
        action: 'email_settings.template_reset',
        targetType: 'email_template',
        targetId: `${tenant}:${name}`,
        data: { before },
      },
      tx,
    ),
  );
  return c.json(await templateAnswer(c.get('deps'), tenant, name), 200);
});

emailSettingsRouter.openapi(previewTemplate, async (c) => {
  const name = templateNamed(c.req.valid('param').name);
  const { tenant } = c.req.valid('query');
  const { subject, html, text } = renderSample(
    await brandingOf(c.get('deps'), tenant),
    name,
    c.req.valid('json'),
  );
  return c.json({ subject, html, text }, 200);
});

/** The test goes to the caller through the outbox: `[Test]` in the subject, `test:<name>` as its template. */
emailSettingsRouter.openapi(testTemplate, async (c) => {
  const name = templateNamed(c.req.valid('param').name);
  const { tenant } = c.req.valid('query');
  const email = renderSample(await brandingOf(c.get('deps'), tenant), name, c.req.valid('json'));
  const to = c.get('user').email;
  const messageId = await c.get('deps').outbox.send({
    channel: 'email',
    to,
    template: `test:${name}`,
    ...email,
    subject: `[Test] ${email.subject}`,
  });
  return c.json({ to, messageId }, 200);
});
