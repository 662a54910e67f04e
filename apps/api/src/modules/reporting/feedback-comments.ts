/**
 * A buyer's comment as a reader without `leads.contact_details` (job role 8) may see it: buyers sometimes
 * leave an email address or a phone number in the comment, and those readers never see a buyer's contact
 * details (design §1). The rest of the comment, what the report is for, stays.
 */
const EMAIL = /[^\s@<>()[\]]+@[^\s@<>()[\]]+\.[^\s@<>()[\]]+/g;
/** Seven or more digits, spaces, dots, dashes or brackets in a row, optionally after a +: a phone number. */
const PHONE = /\+?\d[\d\s().-]{5,}\d/g;
const MASK = '••••';

export const withoutContactDetails = (comment: string) => comment.replace(EMAIL, MASK).replace(PHONE, MASK);
