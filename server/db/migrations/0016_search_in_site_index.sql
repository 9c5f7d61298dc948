DROP INDEX "articles_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "articles" DROP COLUMN "search_text";