-- A signed prescription is a legal record: from signing on only its state and its cancellation
-- change (and the link to a patient record, which the patient's deletion clears); of its items
-- only the quantity dispensed. Only the retention job may delete one, and it says so first in
-- its transaction with: SET LOCAL receta.allow_retention_delete = 'on'.
CREATE FUNCTION "refuse_signed_prescription_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  mutable text[] := ARRAY['state', 'cancelled_at', 'cancelled_by', 'cancellation_reason', 'updated_at', 'patient_id'];
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD."state" <> 'draft' AND current_setting('receta.allow_retention_delete', true) IS DISTINCT FROM 'on' THEN
      RAISE EXCEPTION 'a signed prescription is deleted only by the retention job' USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD."state" <> 'draft' AND ((to_jsonb(NEW) - mutable) IS DISTINCT FROM (to_jsonb(OLD) - mutable)
    OR (NEW."patient_id" IS DISTINCT FROM OLD."patient_id" AND NEW."patient_id" IS NOT NULL)) THEN
    RAISE EXCEPTION 'a signed prescription is never changed' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "prescriptions_signed_immutable" BEFORE UPDATE OR DELETE ON "prescriptions" FOR EACH ROW EXECUTE FUNCTION "refuse_signed_prescription_change"();--> statement-breakpoint
-- Items deleted with their prescription (the foreign key cascades) no longer find it, and pass.
CREATE FUNCTION "refuse_signed_prescription_item_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  is_signed boolean := EXISTS (SELECT 1 FROM "prescriptions" WHERE "id" = OLD."prescription_id" AND "state" <> 'draft');
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF is_signed AND current_setting('receta.allow_retention_delete', true) IS DISTINCT FROM 'on' THEN
      RAISE EXCEPTION 'an item of a signed prescription is deleted only by the retention job' USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF is_signed AND (to_jsonb(NEW) - 'dispensed_quantity') IS DISTINCT FROM (to_jsonb(OLD) - 'dispensed_quantity') THEN
    RAISE EXCEPTION 'an item of a signed prescription changes only its quantity dispensed' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "prescription_items_signed_immutable" BEFORE UPDATE OR DELETE ON "prescription_items" FOR EACH ROW EXECUTE FUNCTION "refuse_signed_prescription_item_change"();
