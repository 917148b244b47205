-- Trip dates outside 0001-01-01T00:00:00Z .. 9999-12-31T23:59:59.999Z (README "Dates"). Before the
-- input refused them, year 0000 was stored as 1 BC, which Prisma reads as an Invalid Date: such a
-- trip answered 500 to every write and broke its catalogs' pages. No such date is a real trip's,
-- so it is cleared (null, as a trip without that date), and the CHECKs keep any future writer
-- that skips the input rules from storing one again.
UPDATE "trips" SET "date_start" = NULL
  WHERE "date_start" < '0001-01-01T00:00:00Z' OR "date_start" >= '10000-01-01T00:00:00Z';
UPDATE "trips" SET "date_finish" = NULL
  WHERE "date_finish" < '0001-01-01T00:00:00Z' OR "date_finish" >= '10000-01-01T00:00:00Z';
UPDATE "trips" SET "date_expiration" = NULL
  WHERE "date_expiration" < '0001-01-01T00:00:00Z' OR "date_expiration" >= '10000-01-01T00:00:00Z';

ALTER TABLE "trips"
  ADD CONSTRAINT "trips_date_start_in_range"
    CHECK ("date_start" >= '0001-01-01T00:00:00Z' AND "date_start" < '10000-01-01T00:00:00Z'),
  ADD CONSTRAINT "trips_date_finish_in_range"
    CHECK ("date_finish" >= '0001-01-01T00:00:00Z' AND "date_finish" < '10000-01-01T00:00:00Z'),
  ADD CONSTRAINT "trips_date_expiration_in_range"
    CHECK ("date_expiration" >= '0001-01-01T00:00:00Z' AND "date_expiration" < '10000-01-01T00:00:00Z');
