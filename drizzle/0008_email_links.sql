CREATE TABLE "email_links" (
	"id" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"password_hash" text,
	"next_path" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_links_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE INDEX "email_links_email_idx" ON "email_links" USING btree ("email","created_at");