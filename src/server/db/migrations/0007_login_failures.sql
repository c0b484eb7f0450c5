CREATE TABLE "login_failures" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_failures_window_start_idx" ON "login_failures" USING btree ("window_start");