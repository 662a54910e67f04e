CREATE TABLE "analytics_events" (
	"insert_id" text PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" text NOT NULL,
	"session_id" bigint NOT NULL,
	"device_id" text NOT NULL,
	"user_id" text,
	"campaign_id" text,
	"event_properties" jsonb NOT NULL,
	"user_properties" jsonb NOT NULL,
	"amplitude_forwarded_at" timestamp with time zone,
	"posthog_forwarded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "analytics_events_received_idx" ON "analytics_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "analytics_events_user_idx" ON "analytics_events" USING btree ("user_id","time");--> statement-breakpoint
CREATE INDEX "analytics_events_type_idx" ON "analytics_events" USING btree ("event_type","time");