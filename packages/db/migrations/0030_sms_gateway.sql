CREATE TABLE "sms_test_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_test_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"message_id" text NOT NULL,
	"to" text NOT NULL,
	"from" text NOT NULL,
	"text" text NOT NULL,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_test_messages_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE INDEX "sms_test_messages_to_idx" ON "sms_test_messages" USING btree ("to","id");