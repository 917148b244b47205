-- The number of trips of an account outside the trash, kept exact by statement-level triggers on
-- trips, whatever writes them (the service, an import, a bulk SQL load). An unfiltered trip list
-- reads its totalCount here instead of counting the account's trips on every page.
ALTER TABLE "accounts" ADD COLUMN "live_trip_count" INTEGER NOT NULL DEFAULT 0;

UPDATE "accounts" a SET "live_trip_count" = c.n
FROM (SELECT "account_id", count(*) AS n FROM "trips" WHERE "deleted_at" IS NULL GROUP BY "account_id") c
WHERE a."id" = c."account_id";

-- Transition tables are visible to the trigger's own function only, so each function runs the
-- same update over its own changes: +1 a trip entering the live set, -1 a trip leaving it.
CREATE FUNCTION "trips_live_count_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE accounts a SET live_trip_count = a.live_trip_count + d.n
  FROM (SELECT account_id, count(*)::int AS n FROM new_rows WHERE deleted_at IS NULL GROUP BY account_id) d
  WHERE a.id = d.account_id;
  RETURN NULL;
END $$;

CREATE FUNCTION "trips_live_count_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE accounts a SET live_trip_count = a.live_trip_count + d.n
  FROM (
    SELECT account_id, sum(n)::int AS n FROM (
      SELECT account_id, 1 AS n FROM new_rows WHERE deleted_at IS NULL
      UNION ALL SELECT account_id, -1 AS n FROM old_rows WHERE deleted_at IS NULL
    ) changes GROUP BY account_id
  ) d
  WHERE a.id = d.account_id AND d.n <> 0;
  RETURN NULL;
END $$;

CREATE FUNCTION "trips_live_count_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE accounts a SET live_trip_count = a.live_trip_count - d.n
  FROM (SELECT account_id, count(*)::int AS n FROM old_rows WHERE deleted_at IS NULL GROUP BY account_id) d
  WHERE a.id = d.account_id;
  RETURN NULL;
END $$;

CREATE TRIGGER "trips_live_count_insert" AFTER INSERT ON "trips"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "trips_live_count_insert"();
CREATE TRIGGER "trips_live_count_update" AFTER UPDATE ON "trips"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "trips_live_count_update"();
CREATE TRIGGER "trips_live_count_delete" AFTER DELETE ON "trips"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "trips_live_count_delete"();
