-- Live updates for GraphQL subscriptions (README, "Live updates (subscriptions)"). An API process
-- that serves a subscription registers its topic here (and renews it while the stream is open);
-- the triggers below notify the channel live_changes, in the writing transaction, only for topics
-- someone watches: a write nobody watches pays one index lookup and takes no NOTIFY (whose commit
-- PostgreSQL serializes). Unlogged: after a crash the rows are gone, and the processes renew them.
CREATE UNLOGGED TABLE "live_watches" (
    "topic" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "live_watches_pkey" PRIMARY KEY ("topic")
);

CREATE FUNCTION live_notify(watched TEXT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM live_watches WHERE topic = watched AND expires_at > now()) THEN
    PERFORM pg_notify('live_changes', watched);
  END IF;
END $$;

-- An import job's stage, status or trip.
CREATE FUNCTION import_jobs_live_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_notify('import_job:' || NEW.id);
  RETURN NULL;
END $$;

CREATE TRIGGER import_jobs_live_change
  AFTER UPDATE OF status, stage, trip_id ON import_jobs
  FOR EACH ROW EXECUTE FUNCTION import_jobs_live_change();

-- A trip's row (fields, deletion, restoration) or its configuration.
CREATE FUNCTION trips_live_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'trips' THEN
    PERFORM live_notify('trip:' || COALESCE(NEW.id, OLD.id));
  ELSE
    PERFORM live_notify('trip:' || COALESCE(NEW.trip_id, OLD.trip_id));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER trips_live_change
  AFTER UPDATE OR DELETE ON trips
  FOR EACH ROW EXECUTE FUNCTION trips_live_change();

CREATE TRIGGER trip_configurations_live_change
  AFTER INSERT OR UPDATE OR DELETE ON trip_configurations
  FOR EACH ROW EXECUTE FUNCTION trips_live_change();
