CREATE TABLE "chat_blocks" (
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"thread_id" integer NOT NULL,
	"side" text NOT NULL,
	"sender_id" uuid,
	"body" text NOT NULL,
	"client_key" text,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_side" CHECK ("chat_messages"."side" in ('a', 'b')),
	CONSTRAINT "chat_messages_body" CHECK (char_length("chat_messages"."body") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "chat_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"message_id" integer NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_threads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_threads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"user_a" uuid,
	"guest_id" text,
	"user_b" uuid,
	"subject_type" text,
	"subject_id" integer,
	"subject_title" text DEFAULT '' NOT NULL,
	"a_read_id" integer DEFAULT 0 NOT NULL,
	"b_read_id" integer DEFAULT 0 NOT NULL,
	"last_message_id" integer,
	"last_message_at" timestamp with time zone,
	"awaiting_staff" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_threads_kind" CHECK ("chat_threads"."kind" in ('support', 'direct')),
	CONSTRAINT "chat_threads_parties" CHECK (("chat_threads"."kind" = 'support' and "chat_threads"."user_b" is null and "chat_threads"."subject_type" is null
           and ("chat_threads"."user_a" is null) <> ("chat_threads"."guest_id" is null))
          or ("chat_threads"."kind" = 'direct' and "chat_threads"."user_a" is not null and "chat_threads"."user_b" is not null
           and "chat_threads"."guest_id" is null and "chat_threads"."user_a" <> "chat_threads"."user_b"
           and "chat_threads"."subject_type" in ('product', 'order', 'request') and "chat_threads"."subject_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "chat_blocks" ADD CONSTRAINT "chat_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_blocks" ADD CONSTRAINT "chat_blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_thread_id_chat_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."chat_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD CONSTRAINT "chat_reports_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD CONSTRAINT "chat_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD CONSTRAINT "chat_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_threads" ADD CONSTRAINT "chat_threads_user_a_users_id_fk" FOREIGN KEY ("user_a") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_threads" ADD CONSTRAINT "chat_threads_user_b_users_id_fk" FOREIGN KEY ("user_b") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_key" ON "chat_messages" USING btree ("thread_id","client_key");--> statement-breakpoint
CREATE INDEX "chat_messages_thread_idx" ON "chat_messages" USING btree ("thread_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_reports_once" ON "chat_reports" USING btree ("message_id","reporter_id");--> statement-breakpoint
CREATE INDEX "chat_reports_open_idx" ON "chat_reports" USING btree ("id") WHERE "chat_reports"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_threads_support_user" ON "chat_threads" USING btree ("user_a") WHERE "chat_threads"."kind" = 'support';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_threads_support_guest" ON "chat_threads" USING btree ("guest_id") WHERE "chat_threads"."kind" = 'support';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_threads_direct_pair" ON "chat_threads" USING btree ("user_a","user_b","subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "chat_threads_a_idx" ON "chat_threads" USING btree ("user_a","last_message_id");--> statement-breakpoint
CREATE INDEX "chat_threads_b_idx" ON "chat_threads" USING btree ("user_b","last_message_id");--> statement-breakpoint
CREATE INDEX "chat_threads_awaiting_idx" ON "chat_threads" USING btree ("last_message_id") WHERE "chat_threads"."kind" = 'support' and "chat_threads"."awaiting_staff";