import { z } from 'zod';
import { ENQUIRY_BUYER_TYPES, type EnquiryBuyerType } from './enums.ts';
import {
  blankAsUndefined,
  ENQUIRY_CONSENT_MESSAGE,
  ENQUIRY_MESSAGE_MAX,
  ENQUIRY_PHONE_MESSAGE,
  FINANCE_STATUSES,
  TIMEFRAMES,
} from './leads.ts';
import { normalisePhone } from './phone.ts';
import { multilineText, text } from './text.ts';

/** The public enquiry form's contract (issue 16), apart from leads.ts for the reason phone.ts gives. */

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .optional()
    .transform((value) => value || undefined);

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(blankAsUndefined, z.enum(values, { error: message }).optional());

const optionalInt = (min: number, max: number, message: string) =>
  z.preprocess(
    blankAsUndefined,
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).optional(),
  );

/** Marketing attribution sent with an enquiry (query string of the listing page, spec §2 campaign id). */
export const leadAttributionSchema = z.object({
  utmSource: optionalText(255),
  utmMedium: optionalText(255),
  utmCampaign: optionalText(255),
  utmTerm: optionalText(255),
  utmContent: optionalText(255),
  referrer: optionalText(2000),
  /** Spec §2 `iterableEmailCampaignId`. */
  campaignId: optionalText(255),
});

/** What a buyer sends from the public listing page (and the JSON API). Field messages are the form's. */
export const enquiryInputSchema = z
  .object({
    name: text({ error: 'Enter your name' })
      .trim()
      .min(1, 'Enter your name')
      .max(120, 'must be at most 120 characters'),
    email: text({ error: 'Enter your email address' })
      .trim()
      .toLowerCase()
      .max(254, 'must be at most 254 characters')
      .pipe(z.email('Enter a valid email address, e.g. name@example.com')),
    phone: text({ error: ENQUIRY_PHONE_MESSAGE })
      .trim()
      .max(40, ENQUIRY_PHONE_MESSAGE)
      .transform((value, context) => {
        const phone = normalisePhone(value);
        if (!phone) {
          context.addIssue({ code: 'custom', message: ENQUIRY_PHONE_MESSAGE });
          return z.NEVER;
        }
        return phone;
      }),
    postcode: z.preprocess(
      blankAsUndefined,
      text()
        .trim()
        .regex(/^\d{4}$/, 'Enter a 4-digit Australian postcode')
        .optional(),
    ),
    buyerType: z.enum(ENQUIRY_BUYER_TYPES as [EnquiryBuyerType, ...EnquiryBuyerType[]], {
      error: 'Choose what kind of buyer you are',
    }),
    /** Whole dollars. */
    budget: optionalInt(0, 100_000_000, 'Enter a budget in whole dollars'),
    bedrooms: optionalInt(0, 6, 'Choose a number of bedrooms'),
    configuration: optionalText(120),
    timeframe: optionalEnum(TIMEFRAMES, 'Choose when you plan to buy'),
    financeStatus: optionalEnum(FINANCE_STATUSES, 'Choose your finance status'),
    message: z.preprocess(
      blankAsUndefined,
      multilineText()
        .trim()
        .max(ENQUIRY_MESSAGE_MAX, `must be at most ${ENQUIRY_MESSAGE_MAX} characters`)
        .optional(),
    ),
    /** Must be given (a checkbox posts 'on'; JSON sends true). */
    consent: z.preprocess(
      (value) => value === true || value === 'on' || value === 'true',
      z.literal(true, { error: ENQUIRY_CONSENT_MESSAGE }),
    ),
  })
  .extend(leadAttributionSchema.shape);
export type EnquiryInput = z.input<typeof enquiryInputSchema>;
export type Enquiry = z.output<typeof enquiryInputSchema>;
