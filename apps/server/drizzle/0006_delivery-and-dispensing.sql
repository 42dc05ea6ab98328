CREATE TABLE "patient_access" (
	"prescription_id" uuid PRIMARY KEY NOT NULL,
	"first_sent_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"terms_accepted_at" timestamp with time zone,
	"open_count" integer DEFAULT 0 NOT NULL,
	"last_opened_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "patient_link_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"prescription_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dispensations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prescription_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"quantity" smallint NOT NULL,
	"pharmacy_user_id" uuid,
	"dispensed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" uuid
);
--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "verification_code" text;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "cancelled_by" uuid;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "patient_access" ADD CONSTRAINT "patient_access_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_link_tokens" ADD CONSTRAINT "patient_link_tokens_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispensations" ADD CONSTRAINT "dispensations_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispensations" ADD CONSTRAINT "dispensations_item_id_prescription_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."prescription_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispensations" ADD CONSTRAINT "dispensations_pharmacy_user_id_users_id_fk" FOREIGN KEY ("pharmacy_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispensations" ADD CONSTRAINT "dispensations_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_link_tokens_prescription_id_index" ON "patient_link_tokens" USING btree ("prescription_id");--> statement-breakpoint
CREATE INDEX "scheduled_jobs_status_run_at_index" ON "scheduled_jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "scheduled_jobs_kind_subject_id_index" ON "scheduled_jobs" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE INDEX "sms_outbox_status_next_attempt_at_index" ON "sms_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_created_at_index" ON "sms_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "dispensations_prescription_id_index" ON "dispensations" USING btree ("prescription_id");--> statement-breakpoint
CREATE INDEX "dispensations_item_id_index" ON "dispensations" USING btree ("item_id");--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_verificationCode_unique" UNIQUE("verification_code");