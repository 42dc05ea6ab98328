CREATE TABLE "practices" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"search_text" text NOT NULL,
	"name_search" text GENERATED ALWAYS AS (translate(lower("name"), 'áàâäéèêëíìîïóòôöúùûüñç', 'aaaaeeeeiiiioooouuuunc')) STORED,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"prescription_kind" text DEFAULT 'medication' NOT NULL,
	"name" text NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prescription_items" ALTER COLUMN "presentation" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "prescription_items" ALTER COLUMN "dosage" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "prescription_items" ALTER COLUMN "subtype" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "prescription_items" ALTER COLUMN "subtype" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "source" text DEFAULT 'anmat' NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "allergies" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "prescription_items" ADD COLUMN "practice_code" text;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "kind" text DEFAULT 'medication' NOT NULL;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favourites_user_id_created_at_index" ON "favourites" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "prescription_items" ADD CONSTRAINT "prescription_items_practice_code_practices_code_fk" FOREIGN KEY ("practice_code") REFERENCES "public"."practices"("code") ON DELETE restrict ON UPDATE no action;