CREATE TABLE "sandbox_credits" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"programme" text NOT NULL,
	"account_number" text NOT NULL,
	"miles" integer NOT NULL,
	"posts_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storefront_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"member_id" uuid NOT NULL,
	"programme" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"bonus" integer NOT NULL,
	"counted_toward_cap" integer NOT NULL,
	"cap_year" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"campaign_id" text,
	"status" text NOT NULL,
	"quote_expires_at" timestamp with time zone NOT NULL,
	"billing" jsonb NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"payment_id" uuid,
	"review_reason" text,
	"review_until" timestamp with time zone,
	"partner_ref" text,
	"failure" text,
	"paid_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storefront_orders_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "storefront_price_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"programme" text NOT NULL,
	"target" integer NOT NULL,
	"currency" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"notified_campaign" text,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "plan" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "role" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "storefront_orders" ADD CONSTRAINT "storefront_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_orders" ADD CONSTRAINT "storefront_orders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_price_alerts" ADD CONSTRAINT "storefront_price_alerts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storefront_orders_member_idx" ON "storefront_orders" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "storefront_orders_account_idx" ON "storefront_orders" USING btree ("programme","account_number","cap_year");--> statement-breakpoint
CREATE INDEX "storefront_orders_status_idx" ON "storefront_orders" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "storefront_price_alerts_member_programme_idx" ON "storefront_price_alerts" USING btree ("member_id","programme");