-- Decision 028: unique visitors move from one row per set register and day (listing_visitor_days) to
-- packed sketches per project at day, ISO week and month grain, so a long report reads a few hundred
-- short rows instead of every register of every day.
CREATE TYPE "public"."visitor_sketch_grain" AS ENUM('day', 'week', 'month');--> statement-breakpoint
CREATE TABLE "listing_visitor_sketches" (
	"project_id" integer NOT NULL,
	"grain" "visitor_sketch_grain" NOT NULL,
	"starts" date NOT NULL,
	"sketch" "bytea" NOT NULL,
	CONSTRAINT "listing_visitor_sketches_project_id_grain_starts_pk" PRIMARY KEY("project_id","grain","starts")
);--> statement-breakpoint
-- A sketch is its set registers in register order, three bytes each: the register (16 bits, big-endian)
-- and its rank. `packSketch` and `sketchEntries` in lib/hyperloglog.ts are the TypeScript twins.
CREATE FUNCTION visitor_sketch_entries(sketch bytea) RETURNS TABLE(register integer, rank integer)
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  select (get_byte(sketch, i * 3) << 8) | get_byte(sketch, i * 3 + 1), get_byte(sketch, i * 3 + 2)
  from generate_series(0, length(sketch) / 3 - 1) as i
$$;--> statement-breakpoint
-- The three bytes of one entry (the low three of the big-endian int4 `register << 8 | rank`).
CREATE FUNCTION visitor_sketch_entry(register integer, rank integer) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  select substring(int4send((register << 8) | rank) from 2)
$$;--> statement-breakpoint
INSERT INTO "listing_visitor_sketches" ("project_id", "grain", "starts", "sketch")
SELECT "project_id", "grain", "starts",
	string_agg(visitor_sketch_entry("register", "rank"), ''::bytea ORDER BY "register")
FROM (
	SELECT "project_id", 'day'::"visitor_sketch_grain" AS "grain", "day" AS "starts", "register", "rank"::integer AS "rank"
	FROM "listing_visitor_days"
	UNION ALL
	SELECT "project_id", 'week', date_trunc('week', "day"::timestamp)::date, "register", max("rank")
	FROM "listing_visitor_days" GROUP BY 1, 3, 4
	UNION ALL
	SELECT "project_id", 'month', date_trunc('month', "day"::timestamp)::date, "register", max("rank")
	FROM "listing_visitor_days" GROUP BY 1, 3, 4
) AS "registers"
GROUP BY 1, 2, 3;--> statement-breakpoint
DROP TABLE "listing_visitor_days" CASCADE;
