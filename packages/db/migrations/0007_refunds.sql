CREATE TABLE "refunds" (
	"reference" text PRIMARY KEY NOT NULL,
	"payment_reference" text NOT NULL,
	"purpose" text NOT NULL,
	"purpose_id" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"paystack_refund_id" bigint,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_reference_payments_reference_fk" FOREIGN KEY ("payment_reference") REFERENCES "public"."payments"("reference") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_purpose_idx" ON "refunds" USING btree ("purpose","purpose_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_postings_escrow_out_once_idx" ON "ledger_postings" USING btree ("ref") WHERE kind in ('release', 'refund');