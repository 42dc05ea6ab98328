-- Announces, at commit, a message queued in an outbox, so that on the embedded PGlite the
-- process that owns the database delivers it at once instead of at its next pass, up to two
-- seconds later (docs/decisions/067). Only where the connection asked for announcements
-- (`receta.announce_changes`, migration 0030); PostgreSQL's processes keep their passes.
CREATE TRIGGER "mail_outbox_queued" AFTER INSERT ON "mail_outbox"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_change('mail_queued');
--> statement-breakpoint
CREATE TRIGGER "sms_outbox_queued" AFTER INSERT ON "sms_outbox"
  FOR EACH STATEMENT EXECUTE FUNCTION announce_change('sms_queued');
