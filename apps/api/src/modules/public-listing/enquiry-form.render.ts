import {
  BUYER_TYPE_LABELS,
  ENQUIRY_BUYER_TYPES,
  ENQUIRY_MESSAGE_MAX,
  FINANCE_STATUS_LABELS,
  FINANCE_STATUSES,
  type Listing,
  TIMEFRAME_LABELS,
  TIMEFRAMES,
} from '@offplan/shared';
import { escapeHtml } from '../../lib/message-templates.ts';
import { ENQUIRY_HONEYPOT_FIELD, ENQUIRY_TOKEN_FIELD } from '../enquiries/enquiry-form-token.ts';
import { ENQUIRY_FORM_SCRIPT_PATH } from './enquiry-form.script.ts';

/** What a buyer sent and what was wrong with it, when the form is shown again (never cached). */
export type EnquiryFormState = {
  /** The submitted fields as they came (strings), shown again escaped. */
  values: Record<string, string>;
  /** Field name → message, shown beside the field. */
  errors: Record<string, string>;
  /** A message for the whole form: a refused token, too many enquiries, "please correct…". */
  message?: string;
};

/**
 * Filled per response (lib/page-cache.ts keeps one body for every visitor): the form token and the
 * visit's attribution. An HTML comment, which no listing text can produce (`<` is always escaped).
 */
export const ENQUIRY_HIDDEN_FIELDS_SLOT = '<!--enquiry-hidden-fields-->';
/** Around the form, so the page after a sent enquiry shows the confirmation in its place. */
export const ENQUIRY_FORM_START = '<!--enquiry-form-->';
export const ENQUIRY_FORM_END = '<!--/enquiry-form-->';
/** The confirmation, kept in the page for the script (and for the page after a no-JavaScript post). */
export const ENQUIRY_SENT_TEMPLATE_START = '<template id="enquiry-sent-template">';

/** The attribution fields (enquiryInputSchema) the form carries hidden, with the most each may hold. */
export const ATTRIBUTION_FIELDS = {
  utmSource: 255,
  utmMedium: 255,
  utmCampaign: 255,
  utmTerm: 255,
  utmContent: 255,
  referrer: 2000,
  campaignId: 255,
} as const;
export type AttributionField = keyof typeof ATTRIBUTION_FIELDS;

export const ENQUIRY_CONSENT_LABEL =
  'I agree to be contacted by the developer and its agents about this development';

export const FORM_STYLE = `
.enquiry-form{display:grid;gap:14px;max-width:640px}
.enquiry-form .field{display:grid;gap:4px}
.enquiry-form label{font-weight:600}
.enquiry-form input,.enquiry-form select,.enquiry-form textarea{font:inherit;padding:8px 10px;border:1px solid #8a93a8;border-radius:6px;background:#fff;color:#1d2433}
.enquiry-form textarea{min-height:7rem;resize:vertical}
.enquiry-form input:focus-visible,.enquiry-form select:focus-visible,.enquiry-form textarea:focus-visible,.enquiry-form button:focus-visible{outline:3px solid #2740a8;outline-offset:2px}
.enquiry-form [aria-invalid="true"]{border-color:#b3261e}
.enquiry-form .row{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:14px}
.enquiry-form .consent{display:flex;gap:8px;align-items:flex-start}.enquiry-form .consent label{font-weight:400}
.enquiry-form .consent input{margin-top:4px}
.enquiry-form .field-error{color:#b3261e;margin:0;font-size:.9rem}.enquiry-form .field-error:empty{display:none}
.enquiry-form .form-error{background:#fdecea;border:1px solid #f1a9a0;color:#8c1d18;border-radius:8px;padding:10px 14px;margin:0}.enquiry-form .form-error:empty{display:none}
.enquiry-form .hint{color:#5b6478;font-size:.9rem;margin:0}
.enquiry-form button{font:inherit;font-weight:600;background:#2740a8;color:#fff;border:0;border-radius:6px;padding:10px 18px;cursor:pointer;justify-self:start}
.enquiry-form button[disabled]{opacity:.6;cursor:progress}
.enquiry-form .hp{position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden}
.enquiry-sent h3{margin-top:0}
`;

type Option = readonly [value: string, label: string];
type Field = {
  name: string;
  label: string;
  control: 'input' | 'select' | 'textarea';
  required?: boolean;
  /** Further attributes of the control (type, autocomplete, inputmode, limits). */
  attributes?: string;
  options?: readonly Option[];
  hint?: string;
};

const BEDROOM_OPTIONS: readonly Option[] = [
  ['0', 'Studio'],
  ['1', '1'],
  ['2', '2'],
  ['3', '3'],
  ['4', '4'],
  ['5', '5+'],
];

/** The visible fields, in the order a buyer fills them; names are enquiryInputSchema's. */
function visibleFields(listing: Listing): Field[][] {
  const configurations = [...new Set(listing.configurations.map((c) => c.name))];
  return [
    [
      {
        name: 'name',
        label: 'Name',
        control: 'input',
        required: true,
        attributes: 'type="text" autocomplete="name" maxlength="120"',
      },
    ],
    [
      {
        name: 'email',
        label: 'Email',
        control: 'input',
        required: true,
        attributes: 'type="email" autocomplete="email" inputmode="email" maxlength="254"',
      },
      {
        name: 'phone',
        label: 'Phone',
        control: 'input',
        required: true,
        attributes: 'type="tel" autocomplete="tel" inputmode="tel" maxlength="40"',
        hint: 'e.g. 0412 345 678',
      },
    ],
    [
      {
        name: 'postcode',
        label: 'Your postcode',
        control: 'input',
        attributes:
          'type="text" autocomplete="postal-code" inputmode="numeric" pattern="[0-9]{4}" maxlength="4"',
      },
      {
        name: 'buyerType',
        label: 'I am a',
        control: 'select',
        required: true,
        options: ENQUIRY_BUYER_TYPES.map((type) => [type, BUYER_TYPE_LABELS[type]] as const),
      },
    ],
    [
      {
        name: 'budget',
        label: 'Budget ($)',
        control: 'input',
        attributes: 'type="number" inputmode="numeric" min="0" max="100000000" step="1"',
      },
      { name: 'bedrooms', label: 'Bedrooms wanted', control: 'select', options: BEDROOM_OPTIONS },
    ],
    ...(configurations.length
      ? [
          [
            {
              name: 'configuration',
              label: 'Configuration of interest',
              control: 'select',
              options: configurations.map((name) => [name, name] as const),
            } satisfies Field,
          ],
        ]
      : []),
    [
      {
        name: 'timeframe',
        label: 'When do you plan to buy?',
        control: 'select',
        options: TIMEFRAMES.map((value) => [value, TIMEFRAME_LABELS[value]] as const),
      },
      {
        name: 'financeStatus',
        label: 'Finance',
        control: 'select',
        options: FINANCE_STATUSES.map((value) => [value, FINANCE_STATUS_LABELS[value]] as const),
      },
    ],
    [
      {
        name: 'message',
        label: 'Message',
        control: 'textarea',
        attributes: `maxlength="${ENQUIRY_MESSAGE_MAX}" rows="5"`,
        hint: `Up to ${ENQUIRY_MESSAGE_MAX} characters`,
      },
    ],
  ];
}

/** The id, name, state and description attributes every control shares. */
function controlAttributes(field: Field, error: string | undefined) {
  const id = `enquiry-${field.name}`;
  const describedBy = [field.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return `id="${id}" name="${field.name}"${field.required ? ' required' : ''}${error ? ' aria-invalid="true"' : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}`;
}

function controlHtml(field: Field, value: string, error: string | undefined): string {
  const common = controlAttributes(field, error);
  if (field.control === 'textarea')
    return `<textarea ${common} ${field.attributes ?? ''}>${escapeHtml(value)}</textarea>`;
  if (field.control === 'select') {
    const known = field.options!.some(([option]) => option === value);
    const options = field.options!.map(
      ([option, label]) =>
        `<option value="${escapeHtml(option)}"${known && option === value ? ' selected' : ''}>${escapeHtml(label)}</option>`,
    );
    return `<select ${common}><option value="">${field.required ? 'Choose…' : 'No preference'}</option>${options.join('')}</select>`;
  }
  return `<input ${common} ${field.attributes ?? ''} value="${escapeHtml(value)}">`;
}

/** One field: label, control, hint and its message (an empty message element is hidden by the style). */
function fieldHtml(field: Field, state: EnquiryFormState | undefined): string {
  const id = `enquiry-${field.name}`;
  const error = state?.errors[field.name];
  return `<div class="field"><label for="${id}">${escapeHtml(field.label)}${field.required ? ' <span aria-hidden="true">*</span>' : ''}</label>${controlHtml(field, state?.values[field.name] ?? '', error)}${field.hint ? `<p class="hint" id="${id}-hint">${escapeHtml(field.hint)}</p>` : ''}<p class="field-error" id="${id}-error">${escapeHtml(error ?? '')}</p></div>`;
}

/** The hidden fields of one response: the form token and where the visit came from. */
export function enquiryHiddenFieldsHtml(
  token: string,
  attribution: Partial<Record<AttributionField, string>>,
) {
  const fields = (Object.keys(ATTRIBUTION_FIELDS) as AttributionField[])
    .filter((name) => attribution[name])
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(attribution[name])}">`);
  return `<input type="hidden" name="${ENQUIRY_TOKEN_FIELD}" value="${escapeHtml(token)}">${fields.join('')}`;
}

/**
 * The enquiry form (issue 16), working without JavaScript: it posts to `{publicPath}/enquiry` and the
 * answer is this page again (with messages) or the confirmation. The script enhances it in place.
 */
export function enquiryFormHtml(listing: Listing, state?: EnquiryFormState): string {
  const rows = visibleFields(listing).map((row) =>
    row.length > 1
      ? `<div class="row">${row.map((field) => fieldHtml(field, state)).join('')}</div>`
      : fieldHtml(row[0]!, state),
  );
  const consentError = state?.errors.consent;
  const consentChecked = ['on', 'true'].includes(state?.values.consent ?? '');
  return `${ENQUIRY_FORM_START}<form id="enquiry-form" class="card enquiry-form" method="post" action="${escapeHtml(listing.publicPath)}/enquiry#enquiry" data-project-id="${listing.id}" aria-labelledby="enquiry-heading">
<p class="hint">Ask about ${escapeHtml(listing.title)}. Fields marked * are required.</p>
<p class="form-error" id="enquiry-form-error" role="alert">${escapeHtml(state?.message ?? '')}</p>
${rows.join('\n')}
<div class="field"><div class="consent"><input id="enquiry-consent" name="consent" type="checkbox" required${consentChecked ? ' checked' : ''}${consentError ? ' aria-invalid="true" aria-describedby="enquiry-consent-error"' : ''}><label for="enquiry-consent">${ENQUIRY_CONSENT_LABEL} <span aria-hidden="true">*</span></label></div><p class="field-error" id="enquiry-consent-error">${escapeHtml(consentError ?? '')}</p></div>
<div class="hp" aria-hidden="true"><label for="enquiry-${ENQUIRY_HONEYPOT_FIELD}">Company website (leave empty)</label><input type="text" id="enquiry-${ENQUIRY_HONEYPOT_FIELD}" name="${ENQUIRY_HONEYPOT_FIELD}" tabindex="-1" autocomplete="off" value=""></div>
${ENQUIRY_HIDDEN_FIELDS_SLOT}
<button type="submit">Send enquiry</button>
</form>${ENQUIRY_FORM_END}
${ENQUIRY_SENT_TEMPLATE_START}${enquirySentHtml(listing)}</template>`;
}

/** What takes the form's place once an enquiry is sent (the same words as the script shows). */
export function enquirySentHtml(listing: Pick<Listing, 'title' | 'publicPath'>): string {
  return `<div class="card enquiry-sent" id="enquiry-sent" role="status"><h3>Thank you: your enquiry has been sent</h3><p>The team behind ${escapeHtml(listing.title)} will be in touch soon.</p><p><a href="${escapeHtml(listing.publicPath)}#enquiry">Send another enquiry</a></p></div>`;
}

export function enquiryFormScriptTag(): string {
  return `<script src="${ENQUIRY_FORM_SCRIPT_PATH}" defer></script>`;
}
