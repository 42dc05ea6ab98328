ALTER TABLE "doctors" ADD COLUMN "refeps_code" text;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "restricted_authorised_on" date;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "restricted_evidence_file_id" uuid;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "restricted_recorded_by" uuid;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "restricted_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "identity_document_type" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "identity_document_number" text;--> statement-breakpoint
ALTER TABLE "prescription_items" ADD COLUMN "subtype" text DEFAULT 'prescription' NOT NULL;--> statement-breakpoint
ALTER TABLE "prescription_items" ADD COLUMN "cuir" text;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "patient_identity_document_type" text;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "patient_identity_document_number" text;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "patient_address" text;--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_restricted_evidence_file_id_files_id_fk" FOREIGN KEY ("restricted_evidence_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_restricted_recorded_by_users_id_fk" FOREIGN KEY ("restricted_recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_items" ADD CONSTRAINT "prescription_items_cuir_unique" UNIQUE("cuir");--> statement-breakpoint
-- Prescriptions written before the official CUIR get one of its form (docs/decisions/034): the
-- subtype from the presentation's condition of sale, the unregistered platform and repository
-- codes 0000, the INDEC code of the licence's jurisdiction as the prescription printed it, the
-- number as group and the position as item. Their items are otherwise untouched, so the trigger
-- that keeps signed items unchanged steps aside for this statement alone.
ALTER TABLE "prescription_items" DISABLE TRIGGER "prescription_items_signed_immutable";--> statement-breakpoint
UPDATE "prescription_items" AS "item" SET "subtype" = CASE
    WHEN lower("medication"."sale_condition") LIKE '%oficial%' THEN 'restricted'
    WHEN lower("medication"."sale_condition") LIKE '%archivada%' THEN 'archived'
    WHEN lower("medication"."sale_condition") LIKE '%venta libre%' THEN 'free'
    ELSE 'prescription' END
  FROM "medications" AS "medication" WHERE "medication"."id" = "item"."medication_id";--> statement-breakpoint
WITH "indec" ("code", "name", "indec_code") AS (VALUES
    ('BUE', 'Provincia de Buenos Aires', '06'),
    ('CABA', 'CABA', '02'),
    ('CAT', 'Catamarca', '10'),
    ('CHA', 'Chaco', '22'),
    ('CHU', 'Chubut', '26'),
    ('CBA', 'Córdoba', '14'),
    ('CTE', 'Corrientes', '18'),
    ('ERI', 'Entre Ríos', '30'),
    ('FOR', 'Formosa', '34'),
    ('JUY', 'Jujuy', '38'),
    ('LPA', 'La Pampa', '42'),
    ('LRJ', 'La Rioja', '46'),
    ('MZA', 'Mendoza', '50'),
    ('MIS', 'Misiones', '54'),
    ('NQN', 'Neuquén', '58'),
    ('RNG', 'Río Negro', '62'),
    ('SAL', 'Salta', '66'),
    ('SJU', 'San Juan', '70'),
    ('SLU', 'San Luis', '74'),
    ('SCR', 'Santa Cruz', '78'),
    ('SFE', 'Santa Fe', '82'),
    ('SGO', 'Santiago del Estero', '86'),
    ('TDF', 'Tierra del Fuego', '94'),
    ('TUC', 'Tucumán', '90'),
    ('MN', 'Nacional (Ministerio de Salud de la Nación)', '00'))
UPDATE "prescription_items" AS "item" SET "cuir" = '0000' || '0000'
    || coalesce("by_name"."indec_code", "by_code"."indec_code", '00')
    || '01' || CASE "item"."subtype" WHEN 'free' THEN '01' WHEN 'archived' THEN '03' WHEN 'restricted' THEN '04' ELSE '02' END
    || lpad("prescription"."number"::text, 25, '0') || lpad("item"."position"::text, 2, '0')
  FROM "prescriptions" AS "prescription"
    JOIN "doctors" AS "doctor" ON "doctor"."user_id" = "prescription"."doctor_user_id"
    LEFT JOIN "indec" AS "by_name" ON "by_name"."name" = "prescription"."prescriber"->>'jurisdiction'
    LEFT JOIN "indec" AS "by_code" ON "by_code"."code" = "doctor"."jurisdiction_code"
  WHERE "prescription"."id" = "item"."prescription_id" AND "prescription"."state" <> 'draft';--> statement-breakpoint
ALTER TABLE "prescription_items" ENABLE TRIGGER "prescription_items_signed_immutable";
