// The AI import domain: a trip made from a document by a job of stages. Its routes answer on
// both listeners: /ai/trips/... on the API's, /trip-imports/... on the AI's.
import type { DomainModule } from '../domain-module.ts';
import { aiServerImportPaths, importPaths } from './import.openapi.ts';
import { IMPORT_EXAMPLES, importRequestSchemas } from './import.openapi-schemas.ts';
import { registerImportRoutes } from './import.rest.ts';
import { IMPORT_SHAPES } from './import.shape.ts';
import { IMPORT_WORKERS } from './imports.workers.ts';

export const importsDomain: DomainModule = {
  name: 'imports',
  graphql: () => import('./import.schema.ts'),
  routes: { on: ['api', 'ai'], register: registerImportRoutes },
  openapi: {
    paths: ({ aiUrl }) => ({ ...importPaths(), ...(aiUrl ? aiServerImportPaths(aiUrl) : {}) }),
    shapes: IMPORT_SHAPES,
    requestSchemas: importRequestSchemas,
    examples: IMPORT_EXAMPLES,
  },
  jobs: IMPORT_WORKERS,
};
