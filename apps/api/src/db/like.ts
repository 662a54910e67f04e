/** An ILIKE pattern matching text that contains `text`: `%` and `_` typed by a user are literal. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
