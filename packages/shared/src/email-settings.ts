/** /email-settings (issue 19): senders, lead recipients, email templates. */
export {};
