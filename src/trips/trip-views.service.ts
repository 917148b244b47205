// Traveler views (docs/decisions.md#trips): the public trip page records a view by slug; one viewer
// counts at most once per hour, and one client IP at most LIMITS.tripViewsPerIpMax times a trip
// an hour, however many viewer ids it invents. One statement, so concurrent views of one viewer
// cannot double-count (concurrent new viewers of one IP may pass the IP bound by a few).
import { createHash } from 'node:crypto';
import { DURATIONS, LIMITS } from '../config/constants.ts';
import type { PrismaClient } from '../db/prisma.ts';
import { notFound } from './trip.service.ts';

/**
 * The viewer is the id the page gives (an anonymous id kept in the browser), else the address
 * and user agent. Only a hash is stored.
 */
export function viewerKey(viewer: {
  viewerId?: string | null;
  clientIp: string;
  userAgent?: string | null;
}): string {
  const identity = viewer.viewerId
    ? `id:${viewer.viewerId}`
    : `ip:${viewer.clientIp}|ua:${viewer.userAgent ?? ''}`;
  return createHash('sha256').update(identity).digest('base64url');
}

/** The client IP as stored with a counted view: a hash, as the viewer. */
export function ipKey(clientIp: string): string {
  return createHash('sha256').update(`ip:${clientIp}`).digest('base64url');
}

/**
 * Counts the view unless this viewer was counted in the last hour or its IP has had its share of
 * counted views of the trip; 404 for a trip no public page shows.
 */
export async function recordTripView(
  prisma: PrismaClient,
  slug: string,
  viewer: { key: string; ipKey: string },
  now: Date,
) {
  const windowStart = new Date(now.getTime() - DURATIONS.viewCountWindowMs);
  const rows = await prisma.$queryRaw<Array<{ counted: boolean; visualizations: number }>>`
    WITH trip AS (
      SELECT id, visualizations FROM trips WHERE slug = ${slug} AND deleted_at IS NULL AND visibility = 'public'
    ), counted AS (
      INSERT INTO trip_views (trip_id, viewer_key, ip_key, last_counted_at)
      SELECT id, ${viewer.key}, ${viewer.ipKey}, ${now} FROM trip
      WHERE (
        SELECT count(*) FROM trip_views v
        WHERE v.trip_id = trip.id AND v.ip_key = ${viewer.ipKey} AND v.last_counted_at > ${windowStart}
      ) < ${LIMITS.tripViewsPerIpMax}
      ON CONFLICT (trip_id, viewer_key) DO UPDATE
        SET last_counted_at = EXCLUDED.last_counted_at, ip_key = EXCLUDED.ip_key
        WHERE trip_views.last_counted_at <= ${windowStart}
      RETURNING trip_id
    ), bumped AS (
      UPDATE trips SET visualizations = visualizations + 1 WHERE id IN (SELECT trip_id FROM counted) RETURNING visualizations
    )
    SELECT EXISTS (SELECT 1 FROM bumped) AS counted,
           COALESCE((SELECT visualizations FROM bumped), (SELECT visualizations FROM trip)) AS visualizations
    FROM trip`;
  const row = rows[0];
  if (!row) throw notFound();
  return row;
}
