/** The built-in webhook receiver, outside production only (API_PATHS.devWebhookReceiver). Route contracts: filled in by issue 18's work (decision 029). */
export {};
