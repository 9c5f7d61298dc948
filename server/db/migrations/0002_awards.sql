CREATE TABLE "award_quota_usage" (
	"member_id" uuid NOT NULL,
	"month" text NOT NULL,
	"days_used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "award_quota_usage_member_id_month_pk" PRIMARY KEY("member_id","month")
);
--> statement-breakpoint
CREATE TABLE "award_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"query" jsonb NOT NULL,
	"days" integer NOT NULL,
	"month" text NOT NULL,
	"status" text DEFAULT 'searching' NOT NULL,
	"error" text,
	"itineraries" jsonb,
	"notices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"alliances" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "plan" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "scraping_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "award_quota_usage" ADD CONSTRAINT "award_quota_usage_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_searches" ADD CONSTRAINT "award_searches_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "award_searches_member_idx" ON "award_searches" USING btree ("member_id","created_at");