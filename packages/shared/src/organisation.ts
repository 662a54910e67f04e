/** Issue 18 items 1–3 (decision 030): filled in by the organisation work. */
export {};
