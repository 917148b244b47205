// Prisma CLI configuration. Migrations are applied by the service itself (src/db/migrate.ts);
// this file lets `prisma migrate deploy` elsewhere read the same history.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: '../prisma/schema.prisma',
  migrations: { path: '../prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost/unused' },
});
