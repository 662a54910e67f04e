CREATE TABLE "email_template_overrides" (
	"tenant" text NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_by_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_template_overrides_tenant_name_pk" PRIMARY KEY("tenant","name")
);
--> statement-breakpoint
CREATE TABLE "permission_set_overrides" (
	"set_key" text PRIMARY KEY NOT NULL,
	"permissions" text[] NOT NULL,
	"updated_by_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "in_app_messages" ADD COLUMN "retracted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "in_app_messages" ADD COLUMN "retracted_by_id" text;--> statement-breakpoint
ALTER TABLE "email_template_overrides" ADD CONSTRAINT "email_template_overrides_updated_by_id_user_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_set_overrides" ADD CONSTRAINT "permission_set_overrides_updated_by_id_user_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "in_app_messages" ADD CONSTRAINT "in_app_messages_retracted_by_id_user_id_fk" FOREIGN KEY ("retracted_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Issue 19 /roles: an edit of a permission set takes effect on the next request on every process. The
-- processes that keep what they read (decision 023) hear 'permissions' on the auth channel and drop it.
CREATE FUNCTION notify_permission_sets_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', 'permissions');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER permission_set_overrides_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "permission_set_overrides"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_permission_sets_change();
