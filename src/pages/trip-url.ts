// A trip page's own address: PUBLIC_PAGES_URL + /t/{slug} (its canonical link and its shares).
import type { Context } from '../graphql/context.ts';

export const tripPageUrl = (context: Context, slug: string) =>
  `${context.services.config.publicPagesUrl}/t/${encodeURIComponent(slug)}`;
