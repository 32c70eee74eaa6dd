-- The audit log names an account made by phone, which has no e-mail, by its phone. Filled in here, as the staff
-- member's name is (staff.sql), so no writer can leave it out (an account's last entry is written before it goes).
-- An account with an e-mail is named by it where the writer gives it, and not at all where the writer leaves it out
-- on purpose (the shop's own entries about an order, a confirmation's timeout): the phone must not name it there.
CREATE OR REPLACE FUNCTION audit_logs_account_phone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id IS NOT NULL THEN
    SELECT u.phone INTO NEW.user_phone FROM users u WHERE u.id = NEW.user_id AND u.email IS NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_logs_account_phone ON audit_logs;--> statement-breakpoint
CREATE TRIGGER audit_logs_account_phone BEFORE INSERT ON audit_logs
  FOR EACH ROW EXECUTE FUNCTION audit_logs_account_phone();
