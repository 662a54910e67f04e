-- Trigram matching for the typo-tolerant project lookup and title filter (decision 019); PGlite loads the
-- extension in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
