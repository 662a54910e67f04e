/** User-facing texts that the spec quotes word for word (§2, §4, §8). */
export const MESSAGES = {
  maintenanceHeading: 'Maintenance',
  maintenance: "Sorry, we're under maintenance. We'll be back soon!",
  saving: 'Saving...',
  saved: 'Saved!',
  saveError: 'Something went wrong',
  noNotifications: 'You have no new notifications.',
  adminMagicTokenNotFound: 'Admin magic token not found',
  contactHeading: (product: string) => `Get in touch with the ${product} team`,
  /** Sign-in never says whether the email exists (design §7). */
  invalidCredentials: 'Incorrect email or password.',
  sessionRequired: 'Please sign in to continue.',
} as const;

/** Query value the client puts on the sign-in path when a call needed a session (spec §8). */
export const SESSION_REQUIRED_ERROR = 'SessionRequired';
