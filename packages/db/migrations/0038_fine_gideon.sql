ALTER TABLE "requests" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "requests_client_key" ON "requests" USING btree ("user_id","client_key");