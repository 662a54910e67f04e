ALTER TABLE "outbox_messages" ADD COLUMN "sender" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "email_from" text;