CREATE TABLE "saved_list_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"style" varchar(50) NOT NULL,
	"quantities" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_rut" varchar(16) NOT NULL,
	"owner_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_list_items" ADD CONSTRAINT "saved_list_items_list_id_saved_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."saved_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_lists" ADD CONSTRAINT "saved_lists_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_list_items_list_style_idx" ON "saved_list_items" USING btree ("list_id","style");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_lists_owner_name_idx" ON "saved_lists" USING btree ("owner_id","company_rut",lower("name"));--> statement-breakpoint
CREATE INDEX "saved_lists_company_idx" ON "saved_lists" USING btree ("company_rut","shared");