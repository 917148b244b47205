// Where a job's links point (decisions "AI trip import"): publicUrl and builderUrl at the
// application (PUBLIC_APP_URL), naming the trip once completed; status and cancel at the API
// variant the caller used ({ai_url}/trip-imports or {base_url}/ai/trips).
import type { Config } from '../config/config.ts';
import type { Surface } from '../rest/types.ts';

interface LinkedJob {
  publicId: string;
  trip?: { id: number; slug: string } | null;
}

export function appUrls(config: Config, job: LinkedJob) {
  const app = config.publicAppUrl;
  return job.trip
    ? {
        publicUrl: `${app}/trips/${job.trip.slug}`,
        builderUrl: `${app}/builder/trips/${job.trip.id}`,
      }
    : {
        publicUrl: `${app}/imports/${job.publicId}`,
        builderUrl: `${app}/builder/imports/${job.publicId}`,
      };
}

export function apiUrls(config: Config, publicId: string, surface: Surface) {
  const base =
    surface === 'ai' ? `${config.publicAiUrl}/trip-imports` : `${config.publicApiUrl}/ai/trips`;
  return { status: `${base}/${publicId}/status`, cancel: `${base}/${publicId}/actions/cancel` };
}
