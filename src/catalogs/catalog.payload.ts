// A catalog as events carry it (docs/decisions.md#events-and-webhooks): its shape
// (catalog.shape.ts), the one GET /catalogs/{id} answers, with `tripIds` in catalog order, plus
// `deletedAt` on catalog.deleted.
import type { Catalog, Prisma } from '../db/prisma.ts';
import type { CatalogShape } from './catalog.shape.ts';

/** The links of trips outside the trash, in catalog order: what `tripIds` shows. */
export const liveLinks = {
  where: { trip: { deletedAt: null } },
  orderBy: [{ position: 'asc' }, { createdAt: 'asc' }, { tripId: 'asc' }],
  select: { tripId: true },
} satisfies Prisma.Catalog$tripLinksArgs;

type CatalogWithTrips = Catalog & { tripLinks: Array<{ tripId: number }> };

export function catalogPayload(catalog: CatalogWithTrips): CatalogShape {
  const tripIds = catalog.tripLinks.map((link) => link.tripId);
  return {
    id: catalog.id,
    accountId: catalog.accountId,
    agentId: catalog.agentId,
    slug: catalog.slug,
    title: catalog.title,
    subtitle: catalog.subtitle,
    description: catalog.description,
    seoDescription: catalog.seoDescription,
    pictureUrl: catalog.pictureUrl,
    logoUrl: catalog.logoUrl,
    accountLogo: catalog.accountLogo,
    filters: {
      countries: catalog.filterCountries,
      month: catalog.filterMonth,
      duration: catalog.filterDuration,
    },
    isPublic: catalog.isPublic,
    sharedWithOrganisation: catalog.sharedWithOrganisation,
    tripIds,
    tripCount: tripIds.length,
    createdAt: catalog.createdAt.toISOString(),
    updatedAt: catalog.updatedAt.toISOString(),
  };
}

export const readCatalogForEvent = (tx: Prisma.TransactionClient, id: number) =>
  tx.catalog.findUnique({ where: { id }, include: { tripLinks: liveLinks } });

/** `{catalog}` for a catalog outside the trash, else null. */
export async function loadCatalogEventData(tx: Prisma.TransactionClient, id: number) {
  const catalog = await readCatalogForEvent(tx, id);
  return catalog && !catalog.deletedAt ? { catalog: catalogPayload(catalog) } : null;
}

/** `{catalog}` of catalog.deleted, with `deletedAt`. */
export const deletedCatalogEventData = (catalog: CatalogWithTrips) => ({
  catalog: { ...catalogPayload(catalog), deletedAt: catalog.deletedAt?.toISOString() ?? null },
});
