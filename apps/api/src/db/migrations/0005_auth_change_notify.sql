-- Decision 023: every process keeps copies of the sessions it has read and drops one the moment
-- PostgreSQL says its session or user row changed. Payloads: 's:' || session id, 'u:' || user id, '*'
-- (all). Never the token: any role that may connect can LISTEN, and a token is a credential.
CREATE FUNCTION notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('auth_changed', '*');
  ELSIF TG_TABLE_NAME = 'session' THEN
    PERFORM pg_notify('auth_changed', 's:' || OLD.id);
  ELSE
    PERFORM pg_notify('auth_changed', 'u:' || OLD.id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER session_auth_change AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER session_auth_truncate AFTER TRUNCATE ON "session"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER user_auth_change AFTER UPDATE OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER user_auth_truncate AFTER TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_change();
