ALTER TABLE "payouts" ADD COLUMN "outcome_unknown" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "recipient_code" text;--> statement-breakpoint
ALTER TABLE "store_bank_accounts" ADD COLUMN "payouts_held_until" timestamp with time zone;