-- The public view counter bounds the new viewers one client IP can add to a trip in the counting
-- window (LIMITS.tripViewsPerIpMax in src/config/constants.ts): each counted view keeps a hash of its IP, and the
-- index answers "how many views did this IP have counted on this trip in the last hour".
ALTER TABLE "trip_views" ADD COLUMN "ip_key" TEXT;
CREATE INDEX "trip_views_trip_id_ip_key_last_counted_at_idx" ON "trip_views" ("trip_id", "ip_key", "last_counted_at");
