import type { FastifyPluginAsync } from 'fastify';
import lookups from './lookups/routes.ts';
import catalog from './catalog/routes.ts';
import images from './images/routes.ts';
import auth from './auth/routes.ts';
import providers from './providers/routes.ts';
import content from './content/routes.ts';
import vin from './vin/routes.ts';

// Every domain registers its routes here; one line per domain.
export const modules: FastifyPluginAsync[] = [
  lookups,
  catalog,
  images,
  auth,
  providers,
  content,
  vin,
];
