-- Decision 023, extended: a kept session also holds its user's organisation role (the role in their
-- oldest organisation, read with the session for permission checks), so a change to a user's
-- memberships drops their kept sessions as a change to their user row does. Payload 'u:' || user id.
CREATE FUNCTION notify_membership_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('auth_changed', '*');
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('auth_changed', 'u:' || NEW.user_id);
  ELSE
    PERFORM pg_notify('auth_changed', 'u:' || OLD.user_id);
    IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      PERFORM pg_notify('auth_changed', 'u:' || NEW.user_id);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER member_auth_change AFTER INSERT OR UPDATE OR DELETE ON "member"
  FOR EACH ROW EXECUTE FUNCTION notify_membership_change();
--> statement-breakpoint
CREATE TRIGGER member_auth_truncate AFTER TRUNCATE ON "member"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_membership_change();
