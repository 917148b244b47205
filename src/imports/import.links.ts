// Where a job's links point (docs/ai-import.md, docs/pages.md): publicUrl at the traveller pages
// (PUBLIC_PAGES_URL, by default this service: /t/{slug} once completed, before that /i/{jobId},
// which waits for the trip and then leads to it), builderUrl at the application
// (PUBLIC_APP_URL); status and cancel at the API variant the caller used ({ai_url}/trip-imports
// or {base_url}/ai/trips).
import type { Config } from '../config/config.ts';
import type { Surface } from '../rest/types.ts';

interface LinkedJob {
  publicId: string;
  trip?: { id: number; slug: string } | null;
}

export function appUrls(config: Config, job: LinkedJob) {
  const app = config.publicAppUrl;
  const pages = config.publicPagesUrl;
  return job.trip
    ? {
        publicUrl: `${pages}/t/${encodeURIComponent(job.trip.slug)}`,
        builderUrl: `${app}/builder/trips/${job.trip.id}`,
      }
    : {
        publicUrl: `${pages}/i/${job.publicId}`,
        builderUrl: `${app}/builder/imports/${job.publicId}`,
      };
}

export function apiUrls(config: Config, publicId: string, surface: Surface) {
  const base =
    surface === 'ai' ? `${config.publicAiUrl}/trip-imports` : `${config.publicApiUrl}/ai/trips`;
  return { status: `${base}/${publicId}/status`, cancel: `${base}/${publicId}/actions/cancel` };
}
