import {
  EMAIL_BODY_TAGS,
  EMAIL_TEMPLATE_DEFAULTS,
  type EmailTemplateName,
  emailTemplateVariables,
} from '@offplan/shared';
import Handlebars from 'handlebars';
import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import type { Branding } from '../../lib/branding.ts';
import {
  brandedLayout,
  type EmailBlock,
  type EmailContent,
  escapeHtml,
  TEMPLATE_TAG_STYLES,
} from './email-layout.ts';

/**
 * The one renderer of the editable emails (decision 034). A template is Handlebars with variables only
 * (no helpers, blocks, partials or raw `{{{ }}}`), parsed before use to list what it names. Values are
 * HTML-escaped by us; blocks (a button, a list of leads) are finished HTML put in after the body has
 * been checked, so the check sees only what the template's author wrote.
 */

/** Why a template was refused, and in which field. */
export class TemplateRefusal extends Error {
  constructor(
    readonly field: 'subject' | 'body',
    message: string,
  ) {
    super(message);
  }
}

export type TemplateSource = { subject: string; body: string };

const handlebars = Handlebars.create();

type Statement = hbs.AST.Statement;

/** The variable names a template uses, in order, each once; refuses anything but plain variables. */
export function templateVariables(source: string, field: 'subject' | 'body'): string[] {
  let program: hbs.AST.Program;
  try {
    program = handlebars.parse(source);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : 'it does not parse';
    throw new TemplateRefusal(field, `The template cannot be read: ${reason}`);
  }
  const names: string[] = [];
  for (const statement of program.body as Statement[]) {
    if (statement.type === 'ContentStatement' || statement.type === 'CommentStatement') continue;
    if (statement.type !== 'MustacheStatement') {
      throw new TemplateRefusal(
        field,
        `Only variables such as {{name}} are allowed (line ${lineOf(statement)})`,
      );
    }
    const mustache = statement as hbs.AST.MustacheStatement;
    const path = mustache.path as hbs.AST.PathExpression;
    if (
      path.type !== 'PathExpression' ||
      mustache.params.length > 0 ||
      mustache.hash ||
      path.parts.length !== 1
    ) {
      throw new TemplateRefusal(
        field,
        `Only variables such as {{name}} are allowed (line ${lineOf(statement)})`,
      );
    }
    if (!mustache.escaped) {
      throw new TemplateRefusal(field, `{{{${path.original}}}} is not allowed: write {{${path.original}}}`);
    }
    if (!names.includes(path.original)) names.push(path.original);
  }
  return names;
}

const lineOf = (statement: Statement) => statement.loc?.start.line ?? 1;

/** Refuses a variable the template may not use, and a block in the subject. */
function checkVariables(name: EmailTemplateName, source: TemplateSource) {
  const allowed = new Map(emailTemplateVariables(name).map((variable) => [variable.name, variable]));
  for (const field of ['subject', 'body'] as const) {
    for (const used of templateVariables(source[field], field)) {
      const variable = allowed.get(used);
      if (!variable) {
        throw new TemplateRefusal(
          field,
          `Unknown variable {{${used}}}: this template knows ${[...allowed.keys()].map((known) => `{{${known}}}`).join(', ')}`,
        );
      }
      if (variable.block && field === 'subject') {
        throw new TemplateRefusal(field, `{{${used}}} is a block of the body and cannot be in the subject`);
      }
    }
  }
}

const ALLOWED_TAGS = new Set<string>(EMAIL_BODY_TAGS);
const ALLOWED_SCHEMES = ['http', 'https', 'mailto'];

const STRICT: sanitizeHtml.IOptions = {
  allowedTags: [...EMAIL_BODY_TAGS],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ALLOWED_SCHEMES,
  disallowedTagsMode: 'discard',
};
const PERMISSIVE: sanitizeHtml.IOptions = {
  allowedTags: false,
  allowedAttributes: false,
  allowVulnerableTags: true,
};

/** The first element or attribute of `html` that sanitising removes, in words; null when there is none. */
function firstDisallowed(html: string): string | null {
  let found: string | null = null;
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        if (found) return;
        if (!ALLOWED_TAGS.has(tag)) {
          found = `<${tag}> is not allowed; a body may hold ${EMAIL_BODY_TAGS.map((allowed) => `<${allowed}>`).join(' ')}`;
          return;
        }
        for (const [attribute, value] of Object.entries(attributes)) {
          if (tag === 'a' && attribute === 'href') {
            const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
            if (scheme && !ALLOWED_SCHEMES.includes(scheme)) {
              found = `The link ${scheme}: on <a> is not allowed; use http, https or mailto`;
              return;
            }
            continue;
          }
          found = `The attribute ${attribute} on <${tag}> is not allowed${tag === 'a' ? ' (only href)' : ''}`;
          return;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

/** Refuses a body that sanitising would change, naming the first element or attribute it would remove. */
function checkSanitised(html: string) {
  const reason = firstDisallowed(html);
  if (reason) throw new TemplateRefusal('body', reason);
  if (sanitizeHtml(html, STRICT) !== sanitizeHtml(html, PERMISSIVE)) {
    throw new TemplateRefusal('body', 'The body holds HTML that is not allowed in an email');
  }
}

/** A block stands in the checked body as this token; the finished HTML replaces it afterwards. */
const token = (name: string) => `⟦${name}⟧`;

function compile(source: string) {
  return handlebars.compile(source, {
    strict: true,
    noEscape: true,
    knownHelpersOnly: true,
    knownHelpers: {},
  });
}

const BLOCK_TAGS = new Set(['p', 'li', 'ul', 'ol', 'h1', 'h2', 'blockquote', 'hr']);

/** Plain text of a checked body: one line per paragraph, a blank line after a heading, links written out. */
function textOf(html: string): string {
  const out: string[] = [];
  let line = '';
  const links: string[] = [];
  const flush = (blankAfter = false) => {
    if (line.trim()) out.push(line.trim());
    if (blankAfter) out.push('');
    line = '';
  };
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        if (BLOCK_TAGS.has(tag)) flush();
        if (tag === 'li') line += '- ';
        if (tag === 'br') flush();
        if (tag === 'a') links.push(attributes.href ?? '');
      },
      ontext(value) {
        // A block's token stands on its own line: its text replaces it.
        for (const part of value.split(/(⟦[A-Za-z]+⟧)/)) {
          if (/^⟦[A-Za-z]+⟧$/.test(part)) {
            flush();
            out.push(part);
          } else line += part.replace(/\s+/g, ' ');
        }
      },
      onclosetag(tag) {
        if (tag === 'a') {
          const href = links.pop();
          if (href && !line.includes(href)) line += ` (${href})`;
        }
        if (['p', 'li', 'blockquote', 'hr'].includes(tag)) flush();
        if (tag === 'h1' || tag === 'h2') flush(true);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return out.join('\n');
}

/** Adds the layout's inline styles to the tags of a checked body (mail clients ignore style sheets). */
function styled(html: string, branding: Branding): string {
  const withStyle = (style: string) => (tagName: string, attribs: sanitizeHtml.Attributes) => ({
    tagName,
    attribs: { ...attribs, style },
  });
  return sanitizeHtml(html, {
    ...STRICT,
    allowedAttributes: { '*': ['style'], a: ['href', 'style'] },
    transformTags: {
      p: withStyle(TEMPLATE_TAG_STYLES.p ?? ''),
      h1: withStyle(TEMPLATE_TAG_STYLES.h1 ?? ''),
      small: withStyle(TEMPLATE_TAG_STYLES.small ?? ''),
      a: withStyle(`color:${branding.primaryColor}`),
    },
  });
}

export type TemplateValues = Record<string, string | number>;
export type TemplateBlocks = Record<string, EmailBlock>;

/**
 * Renders a template into the branded layout. Throws TemplateRefusal when it uses an unknown variable or
 * holds HTML that sanitising would change.
 */
export function renderTemplateSource(
  branding: Branding,
  name: EmailTemplateName,
  source: TemplateSource,
  values: TemplateValues,
  blocks: TemplateBlocks,
): EmailContent {
  checkVariables(name, source);
  const common = { siteName: branding.siteName, supportEmail: branding.supportEmail };
  const plain: Record<string, string> = Object.fromEntries(
    Object.entries({ ...common, ...values }).map(([key, value]) => [key, String(value)]),
  );
  const escaped = Object.fromEntries(Object.entries(plain).map(([key, value]) => [key, escapeHtml(value)]));
  const tokens = Object.fromEntries(Object.keys(blocks).map((key) => [key, token(key)]));
  const subject = compile(source.subject)(plain).replace(/\s+/g, ' ').trim();
  const checked = compile(source.body)({ ...escaped, ...tokens });
  checkSanitised(checked.replace(/⟦[A-Za-z]+⟧/g, ''));
  const fill = (value: string, part: keyof EmailBlock) =>
    value.replace(/⟦([A-Za-z]+)⟧/g, (_, key: string) => blocks[key]?.[part] ?? '');
  return brandedLayout(branding, subject, {
    html: fill(styled(checked, branding), 'html'),
    text: fill(textOf(checked), 'text').replace(/\n{3,}/g, '\n\n'),
  });
}

/**
 * The email `name` as the tenant has it (its override from the branding, else the default). An override
 * that no longer renders (a variable since removed) falls back to the default rather than send nothing.
 */
export function renderEmailTemplate(
  branding: Branding,
  name: EmailTemplateName,
  values: TemplateValues,
  blocks: TemplateBlocks,
): EmailContent {
  const override = branding.templates?.[name];
  if (override) {
    try {
      return renderTemplateSource(branding, name, override, values, blocks);
    } catch (error) {
      if (!(error instanceof TemplateRefusal)) throw error;
    }
  }
  return renderTemplateSource(branding, name, EMAIL_TEMPLATE_DEFAULTS[name], values, blocks);
}
