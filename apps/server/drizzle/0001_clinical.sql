CREATE SEQUENCE "public"."prescription_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"created_by" uuid,
	"name" text NOT NULL,
	"last_name" text NOT NULL,
	"dni" text NOT NULL,
	"cuil" text,
	"sex" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"insurer_id" text,
	"affiliate_number" text,
	"email" text,
	"phone" text,
	"address" text,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patients_workspaceId_dni_unique" UNIQUE("workspace_id","dni")
);
--> statement-breakpoint
CREATE TABLE "prescription_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prescription_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"medication_id" integer,
	"generic_name" text NOT NULL,
	"brand_name" text,
	"strength" text,
	"pharmaceutical_form" text,
	"presentation" text NOT NULL,
	"quantity" smallint NOT NULL,
	"dosage" text NOT NULL,
	"patient_instructions" text,
	"pharmacy_note" text,
	"no_substitution" boolean DEFAULT false NOT NULL,
	"dispensed_quantity" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "prescription_items_prescriptionId_position_unique" UNIQUE("prescription_id","position")
);
--> statement-breakpoint
CREATE TABLE "prescriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint DEFAULT nextval('prescription_number_seq') NOT NULL,
	"workspace_id" uuid NOT NULL,
	"doctor_user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"series_id" uuid NOT NULL,
	"series_position" smallint NOT NULL,
	"series_length" smallint NOT NULL,
	"issued_on" date NOT NULL,
	"start_date" date NOT NULL,
	"expiry_date" date NOT NULL,
	"patient_id" uuid,
	"patient_name" text NOT NULL,
	"patient_last_name" text NOT NULL,
	"patient_dni" text NOT NULL,
	"patient_cuil" text,
	"patient_sex" text NOT NULL,
	"patient_date_of_birth" date NOT NULL,
	"insurer_id" text,
	"affiliate_number" text,
	"diagnosis_code" text NOT NULL,
	"diagnosis_description" text NOT NULL,
	"symptoms" text,
	"prescriber" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "prescriptions_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_insurer_id_insurers_id_fk" FOREIGN KEY ("insurer_id") REFERENCES "public"."insurers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_items" ADD CONSTRAINT "prescription_items_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_items" ADD CONSTRAINT "prescription_items_medication_id_medications_id_fk" FOREIGN KEY ("medication_id") REFERENCES "public"."medications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_doctor_user_id_users_id_fk" FOREIGN KEY ("doctor_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_insurer_id_insurers_id_fk" FOREIGN KEY ("insurer_id") REFERENCES "public"."insurers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_diagnosis_code_diagnoses_code_fk" FOREIGN KEY ("diagnosis_code") REFERENCES "public"."diagnoses"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patients_workspace_id_last_name_name_index" ON "patients" USING btree ("workspace_id","last_name","name");--> statement-breakpoint
CREATE INDEX "patients_workspace_id_created_at_index" ON "patients" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "prescription_items_medication_id_index" ON "prescription_items" USING btree ("medication_id");--> statement-breakpoint
CREATE INDEX "prescriptions_workspace_id_created_at_index" ON "prescriptions" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "prescriptions_doctor_user_id_created_at_index" ON "prescriptions" USING btree ("doctor_user_id","created_at");--> statement-breakpoint
CREATE INDEX "prescriptions_workspace_id_state_created_at_index" ON "prescriptions" USING btree ("workspace_id","state","created_at");--> statement-breakpoint
CREATE INDEX "prescriptions_workspace_id_patient_dni_index" ON "prescriptions" USING btree ("workspace_id","patient_dni");--> statement-breakpoint
CREATE INDEX "prescriptions_patient_id_expiry_date_index" ON "prescriptions" USING btree ("patient_id","expiry_date");--> statement-breakpoint
CREATE INDEX "prescriptions_series_id_index" ON "prescriptions" USING btree ("series_id");