CREATE SEQUENCE "public"."repository_transaction_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "repository_pointers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"prescription_id" uuid NOT NULL,
	"cuir" text NOT NULL,
	"data" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "repository_pointers" ADD CONSTRAINT "repository_pointers_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "repository_pointers_status_next_attempt_at_index" ON "repository_pointers" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "repository_pointers_created_at_index" ON "repository_pointers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "repository_pointers_prescription_id_index" ON "repository_pointers" USING btree ("prescription_id");