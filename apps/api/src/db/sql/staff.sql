-- The audit log names the staff member who wrote each entry and their role at that moment, whoever writes it
-- (the dashboard's changes, order moves, refunds): filled in here so no writer can leave it out.
CREATE OR REPLACE FUNCTION audit_logs_staff_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id IS NOT NULL AND NEW.user_role IS NULL THEN
    SELECT u.name, r.name INTO NEW.user_name, NEW.user_role
    FROM users u JOIN staff_roles r ON r.key = u.staff_role
    WHERE u.id = NEW.user_id;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_logs_staff_member ON audit_logs;--> statement-breakpoint
CREATE TRIGGER audit_logs_staff_member BEFORE INSERT ON audit_logs
  FOR EACH ROW EXECUTE FUNCTION audit_logs_staff_member();
