/** /email-settings (issue 19): senders per tenant, lead recipients per project, the email templates. Route contracts. */
export {};
