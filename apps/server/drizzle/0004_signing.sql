CREATE TABLE "doctor_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"serial_number" text NOT NULL,
	"certificate" "bytea" NOT NULL,
	"encrypted_private_key" "bytea" NOT NULL,
	"master_key_id" text NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "doctor_credentials_serialNumber_unique" UNIQUE("serial_number")
);
--> statement-breakpoint
CREATE TABLE "prescription_documents" (
	"prescription_id" uuid PRIMARY KEY NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "doctor_credentials" ADD CONSTRAINT "doctor_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_documents" ADD CONSTRAINT "prescription_documents_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "doctor_credentials_in_use_index" ON "doctor_credentials" USING btree ("user_id") WHERE "doctor_credentials"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "doctor_credentials_master_key_id_index" ON "doctor_credentials" USING btree ("master_key_id");--> statement-breakpoint
CREATE INDEX "prescription_documents_sha256_index" ON "prescription_documents" USING btree ("sha256");--> statement-breakpoint
-- A signed PDF is the legal record of what the doctor signed: retention may delete it, nothing may change it.
CREATE FUNCTION "refuse_prescription_document_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a signed prescription document is never changed' USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "prescription_documents_immutable" BEFORE UPDATE ON "prescription_documents" FOR EACH ROW EXECUTE FUNCTION "refuse_prescription_document_change"();
