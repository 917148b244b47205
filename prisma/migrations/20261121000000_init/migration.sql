-- Initial data model: tenancy, keys, trips, catalogs, AI import, webhooks, bookings, payments.

CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gin;

-- CreateEnum
CREATE TYPE "Plan" AS ENUM ('free', 'pro', 'enterprise');
CREATE TYPE "Role" AS ENUM ('owner', 'admin', 'agent', 'viewer');
CREATE TYPE "TripVisibility" AS ENUM ('public', 'private');
CREATE TYPE "ImportStatus" AS ENUM ('processing', 'completed', 'error', 'canceled');
CREATE TYPE "ImportStage" AS ENUM ('initializing', 'extractingText', 'generatingBlocks', 'enrichingBlocks', 'completed');
CREATE TYPE "ImportSourceType" AS ENUM ('url', 'text', 'inline');
CREATE TYPE "WebhookEndpointStatus" AS ENUM ('active', 'paused');
CREATE TYPE "DeliveryStatus" AS ENUM ('pending', 'succeeded', 'failed');
CREATE TYPE "BookingLifecycleStatus" AS ENUM ('pending', 'active', 'cancelled');
CREATE TYPE "BookingPaymentStatus" AS ENUM ('no_payment_required', 'outstanding', 'up_to_date', 'past_due', 'fully_paid', 'fully_refunded', 'cancelled');
CREATE TYPE "PaymentLinkStatus" AS ENUM ('pending', 'paid', 'failed', 'refunded', 'scheduled', 'past_due', 'expired', 'cancelled');
CREATE TYPE "PaymentMethod" AS ENUM ('card', 'transfer', 'us_bank_account', 'manual');

-- CreateTable
CREATE TABLE "organisations" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "organisations_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "accounts" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "plan" "Plan" NOT NULL DEFAULT 'free',
    "organisation_id" INTEGER,
    "logo_url" TEXT,
    "trip_seq" INTEGER NOT NULL DEFAULT 0,
    "booking_seq" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "agents" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "picture_url" TEXT,
    "current_account_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "agents_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "memberships" (
    "id" SERIAL NOT NULL,
    "agent_id" INTEGER NOT NULL,
    "account_id" INTEGER NOT NULL,
    "role" "Role" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "memberships_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "api_keys" (
    "id" SERIAL NOT NULL,
    "agent_id" INTEGER NOT NULL,
    "account_id" INTEGER NOT NULL,
    "name" TEXT,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "machine_clients" (
    "id" SERIAL NOT NULL,
    "client_id" TEXT NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "name" TEXT,
    "scopes" TEXT[],
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "machine_clients_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "machine_client_grants" (
    "id" SERIAL NOT NULL,
    "client_id" INTEGER NOT NULL,
    "account_id" INTEGER,
    "organisation_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "machine_client_grants_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "machine_client_grants_one_target" CHECK (("account_id" IS NULL) <> ("organisation_id" IS NULL))
);

CREATE TABLE "trips" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "agent_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "join_code" TEXT NOT NULL,
    "seo_description" TEXT,
    "duration" INTEGER,
    "date_start" TIMESTAMPTZ(3),
    "date_finish" TIMESTAMPTZ(3),
    "date_expiration" TIMESTAMPTZ(3),
    "logo" TEXT,
    "countries" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "image_url" TEXT,
    "template" BOOLEAN NOT NULL DEFAULT false,
    "visibility" "TripVisibility" NOT NULL DEFAULT 'public',
    "visualizations" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),
    "deleted_by_id" INTEGER,
    CONSTRAINT "trips_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "trip_configurations" (
    "trip_id" INTEGER NOT NULL,
    "document" JSONB NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "trip_configurations_pkey" PRIMARY KEY ("trip_id")
);

CREATE TABLE "trip_views" (
    "trip_id" INTEGER NOT NULL,
    "viewer_key" TEXT NOT NULL,
    "last_counted_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "trip_views_pkey" PRIMARY KEY ("trip_id","viewer_key")
);

CREATE TABLE "catalogs" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "agent_id" INTEGER NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "subtitle" TEXT,
    "description" TEXT,
    "seo_description" TEXT,
    "picture_url" TEXT,
    "logo_url" TEXT,
    "account_logo" BOOLEAN NOT NULL DEFAULT false,
    "filter_countries" BOOLEAN NOT NULL DEFAULT false,
    "filter_month" BOOLEAN NOT NULL DEFAULT false,
    "filter_duration" BOOLEAN NOT NULL DEFAULT false,
    "is_public" BOOLEAN NOT NULL DEFAULT false,
    "shared_with_organisation" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),
    CONSTRAINT "catalogs_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "catalog_trips" (
    "catalog_id" INTEGER NOT NULL,
    "trip_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "added_by_account_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "catalog_trips_pkey" PRIMARY KEY ("catalog_id","trip_id")
);

CREATE TABLE "import_jobs" (
    "id" SERIAL NOT NULL,
    "public_id" UUID NOT NULL,
    "account_id" INTEGER NOT NULL,
    "agent_id" INTEGER NOT NULL,
    "status" "ImportStatus" NOT NULL DEFAULT 'processing',
    "stage" "ImportStage" NOT NULL DEFAULT 'initializing',
    "source_type" "ImportSourceType" NOT NULL,
    "source_url" TEXT,
    "source_filename" TEXT,
    "media_type" TEXT,
    "is_template" BOOLEAN NOT NULL DEFAULT false,
    "extracted_text" TEXT,
    "draft" JSONB,
    "trip_id" INTEGER,
    "error" TEXT,
    "ai_credits" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3),
    CONSTRAINT "import_jobs_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "import_documents" (
    "job_id" INTEGER NOT NULL,
    "content" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "import_documents_pkey" PRIMARY KEY ("job_id")
);

CREATE TABLE "webhook_endpoints" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "event_types" TEXT[],
    "status" "WebhookEndpointStatus" NOT NULL DEFAULT 'active',
    "secret_encrypted" TEXT NOT NULL,
    "previous_secret_encrypted" TEXT,
    "previous_secret_expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),
    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "events" (
    "id" TEXT NOT NULL,
    "account_id" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "resource_type" TEXT NOT NULL,
    "resource_id" INTEGER,
    "payload" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "events_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "deliveries" (
    "id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "endpoint_id" INTEGER NOT NULL,
    "manual" BOOLEAN NOT NULL DEFAULT false,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'pending',
    "request_body" TEXT,
    "response_status" INTEGER,
    "response_body" TEXT,
    "duration_ms" INTEGER,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),
    CONSTRAINT "deliveries_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "bookings" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "trip_id" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "seats" INTEGER NOT NULL DEFAULT 1,
    "lifecycle_status" "BookingLifecycleStatus" NOT NULL DEFAULT 'pending',
    "payment_status" "BookingPaymentStatus" NOT NULL DEFAULT 'no_payment_required',
    "buyer_name" TEXT NOT NULL,
    "buyer_surname" TEXT NOT NULL,
    "buyer_email" TEXT NOT NULL,
    "buyer_phone_number" TEXT,
    "buyer_postal_code" TEXT,
    "buyer_taxid" TEXT,
    "buyer_company_name" TEXT,
    "buyer_legal_address" TEXT,
    "buyer_country" TEXT,
    "checkout" JSONB,
    "ext_record_id" INTEGER,
    "ext_record_code" TEXT,
    "ext_customer_id" INTEGER,
    "ext_office_code" TEXT,
    "ext_sales_booking_id" INTEGER,
    "ext_cost_booking_id" INTEGER,
    "cancelled_at" TIMESTAMPTZ(3),
    "cancellation_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "bookings_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "booking_travelers" (
    "id" SERIAL NOT NULL,
    "booking_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "surname" TEXT,
    "email" TEXT,
    "phone_number" TEXT,
    "birth_date" DATE,
    "document_number" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "booking_travelers_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "booking_notes" (
    "id" UUID NOT NULL,
    "booking_id" INTEGER NOT NULL,
    "agent_id" INTEGER NOT NULL,
    "content" TEXT NOT NULL,
    "private" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "booking_notes_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "payment_links" (
    "id" SERIAL NOT NULL,
    "account_id" INTEGER NOT NULL,
    "booking_id" INTEGER,
    "code" TEXT NOT NULL,
    "concept" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "status" "PaymentLinkStatus" NOT NULL DEFAULT 'pending',
    "payment_method" "PaymentMethod",
    "receipt_url" TEXT,
    "paid_at" TIMESTAMPTZ(3),
    "refunded_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3),
    "scheduled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "payment_links_pkey" PRIMARY KEY ("id")
);

-- CreateIndex (declared in schema.prisma)
CREATE INDEX "accounts_organisation_id_idx" ON "accounts"("organisation_id");
CREATE UNIQUE INDEX "agents_email_key" ON "agents"("email");
CREATE INDEX "memberships_account_id_idx" ON "memberships"("account_id");
CREATE UNIQUE INDEX "memberships_agent_id_account_id_key" ON "memberships"("agent_id", "account_id");
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys"("hash");
CREATE INDEX "api_keys_prefix_idx" ON "api_keys"("prefix");
CREATE INDEX "api_keys_account_id_idx" ON "api_keys"("account_id");
CREATE UNIQUE INDEX "machine_clients_client_id_key" ON "machine_clients"("client_id");
CREATE INDEX "machine_client_grants_client_id_idx" ON "machine_client_grants"("client_id");
CREATE UNIQUE INDEX "trips_slug_key" ON "trips"("slug");
CREATE UNIQUE INDEX "trips_join_code_key" ON "trips"("join_code");
CREATE INDEX "trips_account_id_agent_id_idx" ON "trips"("account_id", "agent_id");
CREATE UNIQUE INDEX "trips_account_id_code_key" ON "trips"("account_id", "code");
CREATE UNIQUE INDEX "catalogs_slug_key" ON "catalogs"("slug");
CREATE INDEX "catalog_trips_catalog_id_position_idx" ON "catalog_trips"("catalog_id", "position");
CREATE INDEX "catalog_trips_trip_id_idx" ON "catalog_trips"("trip_id");
CREATE UNIQUE INDEX "import_jobs_public_id_key" ON "import_jobs"("public_id");
CREATE INDEX "import_jobs_account_id_created_at_idx" ON "import_jobs"("account_id", "created_at" DESC);
CREATE INDEX "webhook_endpoints_account_id_idx" ON "webhook_endpoints"("account_id");
CREATE INDEX "events_account_id_created_at_idx" ON "events"("account_id", "created_at" DESC);
CREATE INDEX "deliveries_endpoint_id_created_at_idx" ON "deliveries"("endpoint_id", "created_at" DESC);
CREATE INDEX "deliveries_event_id_idx" ON "deliveries"("event_id");
CREATE INDEX "deliveries_created_at_idx" ON "deliveries"("created_at");
CREATE UNIQUE INDEX "bookings_code_key" ON "bookings"("code");
CREATE INDEX "bookings_account_id_created_at_idx" ON "bookings"("account_id", "created_at" DESC);
CREATE INDEX "bookings_trip_id_idx" ON "bookings"("trip_id");
CREATE INDEX "booking_travelers_booking_id_idx" ON "booking_travelers"("booking_id");
CREATE INDEX "booking_notes_booking_id_idx" ON "booking_notes"("booking_id");
CREATE UNIQUE INDEX "payment_links_code_key" ON "payment_links"("code");
CREATE INDEX "payment_links_account_id_created_at_idx" ON "payment_links"("account_id", "created_at" DESC);
CREATE INDEX "payment_links_booking_id_idx" ON "payment_links"("booking_id");

-- CreateIndex (migration-only: partial, trigram and GIN indexes Prisma cannot declare)
CREATE INDEX "trips_list_default_idx" ON "trips"("account_id", "created_at" DESC, "id" DESC) WHERE "deleted_at" IS NULL;
CREATE INDEX "trips_sort_title_idx" ON "trips"("account_id", "title", "id") WHERE "deleted_at" IS NULL;
CREATE INDEX "trips_sort_duration_idx" ON "trips"("account_id", "duration", "id") WHERE "deleted_at" IS NULL;
CREATE INDEX "trips_sort_date_start_idx" ON "trips"("account_id", "date_start", "id") WHERE "deleted_at" IS NULL;
CREATE INDEX "trips_sort_date_finish_idx" ON "trips"("account_id", "date_finish", "id") WHERE "deleted_at" IS NULL;
CREATE INDEX "trips_sort_date_expiration_idx" ON "trips"("account_id", "date_expiration", "id") WHERE "deleted_at" IS NULL;
CREATE INDEX "trips_sort_updated_at_idx" ON "trips"("account_id", "updated_at", "id") WHERE "deleted_at" IS NULL;
CREATE INDEX "trips_sort_visualizations_idx" ON "trips"("account_id", "visualizations", "id") WHERE "deleted_at" IS NULL;
CREATE INDEX "trips_search_title_trgm_idx" ON "trips" USING GIN ("account_id", "title" gin_trgm_ops) WHERE "deleted_at" IS NULL;
CREATE INDEX "trips_search_slug_trgm_idx" ON "trips" USING GIN ("account_id", "slug" gin_trgm_ops) WHERE "deleted_at" IS NULL;
CREATE INDEX "trips_search_code_trgm_idx" ON "trips" USING GIN ("account_id", "code" gin_trgm_ops) WHERE "deleted_at" IS NULL;
CREATE INDEX "trips_search_seo_description_trgm_idx" ON "trips" USING GIN ("account_id", "seo_description" gin_trgm_ops) WHERE "deleted_at" IS NULL;
CREATE INDEX "trips_countries_idx" ON "trips" USING GIN ("account_id", "countries") WHERE "deleted_at" IS NULL;
CREATE INDEX "trips_trash_idx" ON "trips"("account_id", "deleted_at" DESC) WHERE "deleted_at" IS NOT NULL;
CREATE INDEX "trips_purge_idx" ON "trips"("deleted_at") WHERE "deleted_at" IS NOT NULL;
CREATE INDEX "catalogs_list_default_idx" ON "catalogs"("account_id", "created_at" DESC, "id" DESC) WHERE "deleted_at" IS NULL;
CREATE INDEX "catalogs_search_title_trgm_idx" ON "catalogs" USING GIN ("account_id", "title" gin_trgm_ops) WHERE "deleted_at" IS NULL;
CREATE INDEX "catalogs_trash_idx" ON "catalogs"("account_id", "deleted_at" DESC) WHERE "deleted_at" IS NOT NULL;
CREATE INDEX "payment_links_expiry_idx" ON "payment_links"("expires_at") WHERE "status" IN ('pending', 'scheduled');

-- AddForeignKey
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "agents" ADD CONSTRAINT "agents_current_account_id_fkey" FOREIGN KEY ("current_account_id") REFERENCES "accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "machine_client_grants" ADD CONSTRAINT "machine_client_grants_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "machine_clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "machine_client_grants" ADD CONSTRAINT "machine_client_grants_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "machine_client_grants" ADD CONSTRAINT "machine_client_grants_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "trips" ADD CONSTRAINT "trips_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "trips" ADD CONSTRAINT "trips_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "trip_configurations" ADD CONSTRAINT "trip_configurations_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "trip_views" ADD CONSTRAINT "trip_views_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "catalogs" ADD CONSTRAINT "catalogs_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "catalogs" ADD CONSTRAINT "catalogs_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "catalog_trips" ADD CONSTRAINT "catalog_trips_catalog_id_fkey" FOREIGN KEY ("catalog_id") REFERENCES "catalogs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "catalog_trips" ADD CONSTRAINT "catalog_trips_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "import_documents" ADD CONSTRAINT "import_documents_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "import_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "events" ADD CONSTRAINT "events_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_trip_id_fkey" FOREIGN KEY ("trip_id") REFERENCES "trips"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "booking_travelers" ADD CONSTRAINT "booking_travelers_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "bookings"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "booking_notes" ADD CONSTRAINT "booking_notes_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "bookings"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "booking_notes" ADD CONSTRAINT "booking_notes_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_booking_id_fkey" FOREIGN KEY ("booking_id") REFERENCES "bookings"("id") ON DELETE SET NULL ON UPDATE CASCADE;
