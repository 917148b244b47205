-- A version of an account's live trips, bumped in the same statement-level triggers that keep
-- live_trip_count: every statement that inserts, changes or removes a trip outside the trash adds
-- one, whatever wrote it (the service, an import, a view count, SQL by hand). A narrowed trip
-- list remembers its count(*) with the version it was counted at, read in the count's own
-- statement, and counts again only when the version it reads with the page has moved
-- (src/trips/trip-count-cache.ts). Statements on trashed trips only (the 90-day purge) leave the
-- version alone: no list sees them.
ALTER TABLE "accounts" ADD COLUMN "trip_list_version" BIGINT NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION "trips_live_count_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE accounts a SET live_trip_count = a.live_trip_count + d.n, trip_list_version = a.trip_list_version + 1
  FROM (SELECT account_id, count(*)::int AS n FROM new_rows WHERE deleted_at IS NULL GROUP BY account_id) d
  WHERE a.id = d.account_id;
  RETURN NULL;
END $$;

-- Every account with a live trip before or after the statement, even when its count is unchanged
-- (an edited title changes what a search finds).
CREATE OR REPLACE FUNCTION "trips_live_count_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE accounts a SET live_trip_count = a.live_trip_count + d.n, trip_list_version = a.trip_list_version + 1
  FROM (
    SELECT account_id, sum(n)::int AS n FROM (
      SELECT account_id, 1 AS n FROM new_rows WHERE deleted_at IS NULL
      UNION ALL SELECT account_id, -1 AS n FROM old_rows WHERE deleted_at IS NULL
    ) changes GROUP BY account_id
  ) d
  WHERE a.id = d.account_id;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "trips_live_count_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE accounts a SET live_trip_count = a.live_trip_count - d.n, trip_list_version = a.trip_list_version + 1
  FROM (SELECT account_id, count(*)::int AS n FROM old_rows WHERE deleted_at IS NULL GROUP BY account_id) d
  WHERE a.id = d.account_id;
  RETURN NULL;
END $$;
