-- The patients list in Spanish alphabetical order, whatever the database's collation (docs/decisions/063).
DROP INDEX "patients_workspace_id_last_name_name_index";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "last_name_order" text GENERATED ALWAYS AS (translate(replace(lower("last_name"), 'ñ', 'n~'), 'áàâäéèêëíìîïóòôöúùûüñç', 'aaaaeeeeiiiioooouuuunc')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "name_order" text GENERATED ALWAYS AS (translate(replace(lower("name"), 'ñ', 'n~'), 'áàâäéèêëíìîïóòôöúùûüñç', 'aaaaeeeeiiiioooouuuunc')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "patients_workspace_id_last_name_order_name_order_id_index" ON "patients" USING btree ("workspace_id","last_name_order","name_order","id");