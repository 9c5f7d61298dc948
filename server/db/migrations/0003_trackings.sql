CREATE TABLE "tracking_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tracking_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"flights_added" integer NOT NULL,
	"flights_removed" integer NOT NULL,
	"awards_added" integer NOT NULL,
	"awards_removed" integer NOT NULL,
	"status" text NOT NULL,
	"mail_id" integer,
	"checked_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trackings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"query" jsonb NOT NULL,
	"keep_tracking" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'tracking' NOT NULL,
	"from_search" uuid,
	"match" jsonb,
	"preview" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"matched_flights" integer DEFAULT 0 NOT NULL,
	"matched_awards" integer DEFAULT 0 NOT NULL,
	"flights_added" integer DEFAULT 0 NOT NULL,
	"flights_removed" integer DEFAULT 0 NOT NULL,
	"awards_added" integer DEFAULT 0 NOT NULL,
	"awards_removed" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_check_problem" text,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "topic" text;--> statement-breakpoint
ALTER TABLE "tracking_changes" ADD CONSTRAINT "tracking_changes_tracking_id_trackings_id_fk" FOREIGN KEY ("tracking_id") REFERENCES "public"."trackings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_changes" ADD CONSTRAINT "tracking_changes_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trackings" ADD CONSTRAINT "trackings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_changes_fingerprint_unique" ON "tracking_changes" USING btree ("tracking_id","fingerprint");--> statement-breakpoint
CREATE INDEX "trackings_member_idx" ON "trackings" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "trackings_due_idx" ON "trackings" USING btree ("status","last_checked_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_topic_idx" ON "mail_outbox" USING btree ("topic");