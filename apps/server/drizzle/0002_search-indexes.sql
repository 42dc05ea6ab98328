-- Trigram indexes for the searches of the prescription form and of the patient list: a
-- search matches every word of the user's query anywhere in the normalised `search_text`
-- (`like '%word%'`), which a trigram GIN index answers without reading the table.
-- btree_gin lets the patients' index lead with the workspace, so one clinic's search never
-- walks another clinic's rows.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "medications_search_text_trgm_index" ON "medications" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "diagnoses_search_text_trgm_index" ON "diagnoses" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "insurers_search_text_trgm_index" ON "insurers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patients_workspace_search_text_trgm_index" ON "patients" USING gin ("workspace_id", "search_text" gin_trgm_ops);
