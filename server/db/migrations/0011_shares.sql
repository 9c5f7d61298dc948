CREATE TABLE "renewal_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_id" text NOT NULL,
	"member_id" uuid,
	"inquired_on" text NOT NULL,
	"annual_spend" integer NOT NULL,
	"held_years" integer NOT NULL,
	"held_months" integer NOT NULL,
	"requirement_spend" integer,
	"requirement_months" integer,
	"offer_received" boolean NOT NULL,
	"offer_type" text NOT NULL,
	"offer_amount" integer,
	"detail" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"hidden_at" timestamp with time zone,
	"edit_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_stores" (
	"member_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_stores_member_id_store_id_pk" PRIMARY KEY("member_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "share_flags" (
	"kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "share_flags_kind_record_id_member_id_pk" PRIMARY KEY("kind","record_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "share_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"member_id" uuid,
	"before" jsonb NOT NULL,
	"edited_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"type" text NOT NULL,
	"category" text NOT NULL,
	"payment_methods" jsonb NOT NULL,
	"us_card_support" text NOT NULL,
	"member_id" uuid,
	"sample" boolean DEFAULT false NOT NULL,
	"hidden_at" timestamp with time zone,
	"edit_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shared_stores_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "store_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"member_id" uuid,
	"position" integer NOT NULL,
	"card" jsonb NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "renewal_offers" ADD CONSTRAINT "renewal_offers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_stores" ADD CONSTRAINT "saved_stores_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_stores" ADD CONSTRAINT "saved_stores_store_id_shared_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."shared_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_flags" ADD CONSTRAINT "share_flags_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_revisions" ADD CONSTRAINT "share_revisions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_stores" ADD CONSTRAINT "shared_stores_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_cards" ADD CONSTRAINT "store_cards_store_id_shared_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."shared_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_cards" ADD CONSTRAINT "store_cards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "renewal_offers_card_idx" ON "renewal_offers" USING btree ("card_id","inquired_on");--> statement-breakpoint
CREATE INDEX "share_revisions_record_idx" ON "share_revisions" USING btree ("kind","record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_stores_name_key_idx" ON "shared_stores" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "shared_stores_updated_idx" ON "shared_stores" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "store_cards_store_idx" ON "store_cards" USING btree ("store_id");