CREATE TABLE "antigen_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"tested_on" date NOT NULL,
	"result" text NOT NULL,
	"place" text NOT NULL,
	"certificate_file_id" uuid,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"last_name" text NOT NULL,
	"dni" text NOT NULL,
	"birth_date" date NOT NULL,
	"email" text,
	"phone" text,
	"position" text,
	"last_result" text,
	"last_tested_on" date,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employees_ownerId_dni_unique" UNIQUE("owner_id","dni")
);
--> statement-breakpoint
CREATE TABLE "owners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"cuit" text NOT NULL,
	"address" text NOT NULL,
	"province" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"user_id" uuid,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owners_cuit_unique" UNIQUE("cuit"),
	CONSTRAINT "owners_userId_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "antigen_tests" ADD CONSTRAINT "antigen_tests_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "antigen_tests" ADD CONSTRAINT "antigen_tests_certificate_file_id_files_id_fk" FOREIGN KEY ("certificate_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "antigen_tests" ADD CONSTRAINT "antigen_tests_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owners" ADD CONSTRAINT "owners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "antigen_tests_employee_id_tested_on_index" ON "antigen_tests" USING btree ("employee_id","tested_on");--> statement-breakpoint
CREATE INDEX "employees_owner_id_last_name_name_index" ON "employees" USING btree ("owner_id","last_name","name");--> statement-breakpoint
CREATE INDEX "employees_owner_id_last_result_index" ON "employees" USING btree ("owner_id","last_result");--> statement-breakpoint
CREATE INDEX "owners_name_index" ON "owners" USING btree ("name");