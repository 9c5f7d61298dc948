CREATE TABLE "receipt_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receipt_numbers" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
-- The series goes on from the last number the sequence gave.
INSERT INTO "receipt_counters" ("series", "last") SELECT 'receipt', coalesce(max("id"), 0) FROM "receipt_numbers";
