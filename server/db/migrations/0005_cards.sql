CREATE TABLE "card_preferences" (
	"member_id" uuid PRIMARY KEY NOT NULL,
	"liked_cards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ignored_banks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"promote_business" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_balances" (
	"member_id" uuid NOT NULL,
	"programme" text NOT NULL,
	"balance" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_balances_member_id_programme_pk" PRIMARY KEY("member_id","programme")
);
--> statement-breakpoint
CREATE TABLE "wallet_cards" (
	"member_id" uuid NOT NULL,
	"card_id" text NOT NULL,
	"since" text,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_cards_member_id_card_id_pk" PRIMARY KEY("member_id","card_id")
);
--> statement-breakpoint
ALTER TABLE "card_preferences" ADD CONSTRAINT "card_preferences_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_balances" ADD CONSTRAINT "wallet_balances_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_cards" ADD CONSTRAINT "wallet_cards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;