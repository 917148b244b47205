// The traveller pages: public trip and catalog pages, server-rendered HTML on paths of their own
// (/t/, /c/, /i/, /pages/), each reading its data through a public GraphQL operation.
import type { DomainModule } from '../domain-module.ts';
import { registerPageRoutes } from './pages.rest.ts';

export const pagesDomain: DomainModule = {
  name: 'pages',
  routes: { on: ['api'], register: registerPageRoutes },
};
