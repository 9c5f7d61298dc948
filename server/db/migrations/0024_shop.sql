CREATE TABLE "shop_cart_items" (
	"cart_id" uuid NOT NULL,
	"variant_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_cart_items_cart_id_variant_id_pk" PRIMARY KEY("cart_id","variant_id"),
	CONSTRAINT "shop_cart_items_quantity_check" CHECK ("shop_cart_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid,
	"visitor_token_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_carts_owner_check" CHECK (("shop_carts"."member_id" is null) <> ("shop_carts"."visitor_token_hash" is null))
);
--> statement-breakpoint
CREATE TABLE "shop_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"variant_id" text NOT NULL,
	"code" text NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"line_id" uuid,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"title" jsonb NOT NULL,
	"choices" jsonb NOT NULL,
	"image" text NOT NULL,
	"delivery" text NOT NULL,
	"unit_price" integer NOT NULL,
	"quantity" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"member_id" uuid NOT NULL,
	"status" text DEFAULT 'reserved' NOT NULL,
	"currency" text NOT NULL,
	"totals" jsonb NOT NULL,
	"shipping" jsonb,
	"billing" jsonb NOT NULL,
	"language" text NOT NULL,
	"hold_until" timestamp with time zone NOT NULL,
	"payment_id" uuid,
	"failure" text,
	"carrier" text,
	"tracking_number" text,
	"paid_at" timestamp with time zone,
	"packed_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_orders_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "shop_stock" (
	"variant_id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"on_hand" integer NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_stock_reserved_check" CHECK ("shop_stock"."reserved" >= 0),
	CONSTRAINT "shop_stock_on_hand_check" CHECK ("shop_stock"."on_hand" >= "shop_stock"."reserved")
);
--> statement-breakpoint
ALTER TABLE "shop_cart_items" ADD CONSTRAINT "shop_cart_items_cart_id_shop_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."shop_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_carts" ADD CONSTRAINT "shop_carts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_codes" ADD CONSTRAINT "shop_codes_line_id_shop_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."shop_order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_lines" ADD CONSTRAINT "shop_order_lines_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_carts_member_idx" ON "shop_carts" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_carts_visitor_idx" ON "shop_carts" USING btree ("visitor_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_codes_code_idx" ON "shop_codes" USING btree ("variant_id","code");--> statement-breakpoint
CREATE INDEX "shop_codes_free_idx" ON "shop_codes" USING btree ("variant_id","line_id");--> statement-breakpoint
CREATE INDEX "shop_order_lines_order_idx" ON "shop_order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shop_orders_member_idx" ON "shop_orders" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "shop_orders_status_idx" ON "shop_orders" USING btree ("status","hold_until");