/**
 * Every error code the API answers with (decision 024), apart from the error body's schema
 * (errors.ts): the web app's first page reads these codes, and a module it imports builds every
 * schema it holds (decision 044).
 */
export const ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  validation: 'VALIDATION_FAILED',
  sessionRequired: 'SessionRequired',
  forbidden: 'FORBIDDEN',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  notFound: 'NOT_FOUND',
  /** Already so: a member already, a request already waiting, already decided, no free public path. */
  conflict: 'CONFLICT',
  /** POST /api/listings: a listing with the same title and address exists. */
  duplicateProject: 'DUPLICATE_PROJECT',
  /** A listing holds no more files of that kind. */
  tooManyFiles: 'TOO_MANY_FILES',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  /** An upload that is not what it claims to be (told by its content, never its name or type). */
  unsupportedFile: 'UNSUPPORTED_FILE',
  unsupportedImage: 'UNSUPPORTED_IMAGE',
  invalidFileName: 'INVALID_FILE_NAME',
  rateLimited: 'RATE_LIMITED',
  maintenance: 'MAINTENANCE',
  internal: 'INTERNAL_ERROR',
  /** /readyz: shutting down, the database silent, or its migrations behind. */
  notReady: 'NOT_READY',
  /** An invitation to an email that already has an account. */
  accountExists: 'ACCOUNT_EXISTS',
  /** A missing, forged or expired notification token (not a lost session: no sign-in redirect). */
  notificationTokenInvalid: 'NOTIFICATION_TOKEN_INVALID',
  /** A link's token (password reset, invitation, return to the admin session) forged, used or expired. */
  invalidToken: 'INVALID_TOKEN',
  /** Sign-in refused, worded the same whether or not the email has an account. */
  invalidCredentials: 'INVALID_CREDENTIALS',
  /** Two-step sign-in asked for before the mobile number is confirmed. */
  phoneNotVerified: 'PHONE_NOT_VERIFIED',
  passwordPolicy: 'PASSWORD_POLICY',
  /** The current password, asked for before a change, is wrong. */
  invalidPassword: 'INVALID_PASSWORD',
  termsNotAccepted: 'TERMS_NOT_ACCEPTED',
  /** An admin may not act as this user (an admin, opted out, banned, themselves, or already acting). */
  impersonationRefused: 'IMPERSONATION_REFUSED',
  /** An enquiry on a listing that takes none (design §2: HIDDEN or SOLD_OUT). */
  enquiriesClosed: 'ENQUIRIES_CLOSED',
  /** An enquiry the spam rules refuse (sent too fast after the form was shown, or a stale form). */
  enquiryRejected: 'ENQUIRY_REJECTED',
} as const;
