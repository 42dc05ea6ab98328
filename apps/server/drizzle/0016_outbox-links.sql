ALTER TABLE "mail_outbox" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "link_kind" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "link_kind" text;--> statement-breakpoint
-- Messages written before links were kept beside the body: find the link in the text. Every
-- link a message carries ends in a token of 32 random bytes, 43 characters of base64url.
UPDATE "mail_outbox"
SET "link" = substring("text" from '(https?://[^[:space:]]+/(?:p|confirmation|invitation|password-recovery|pin-recovery)/[A-Za-z0-9_-]{43})');--> statement-breakpoint
UPDATE "mail_outbox"
SET "link_kind" = CASE WHEN "link" ~ '/p/[A-Za-z0-9_-]{43}$' THEN 'patient' ELSE 'account' END
WHERE "link" IS NOT NULL;--> statement-breakpoint
UPDATE "sms_outbox"
SET "link" = substring("text" from '(https?://[^[:space:]]+/p/[A-Za-z0-9_-]{43})');--> statement-breakpoint
UPDATE "sms_outbox" SET "link_kind" = 'patient' WHERE "link" IS NOT NULL;--> statement-breakpoint
-- A settled message keeps no working link, as the delivery workers now leave them.
UPDATE "mail_outbox"
SET "text" = replace("text", "link", CASE "status" WHEN 'sent' THEN '[enlace enviado]' ELSE '[enlace no entregado]' END),
  "html" = replace(replace("html", ' href="' || "link" || '"', ''), "link",
    CASE "status" WHEN 'sent' THEN '[enlace enviado]' ELSE '[enlace no entregado]' END),
  "link" = NULL
WHERE "link" IS NOT NULL AND "status" IN ('sent', 'failed');--> statement-breakpoint
UPDATE "sms_outbox"
SET "text" = replace("text", "link", CASE "status" WHEN 'sent' THEN '[enlace enviado]' ELSE '[enlace no entregado]' END),
  "link" = NULL
WHERE "link" IS NOT NULL AND "status" IN ('sent', 'failed');
