import type { FastifyInstance } from 'fastify';
import { forbidden, unauthorized } from './errors.ts';

/**
 * Every /api/admin/* call needs the Admin role, checked on the server, whether or not its route
 * remembers to say so: 401 for guests, 403 for other roles, before any handler runs.
 */
export function installAdminGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (req) => {
    const path = req.url.split('?')[0];
    if (path !== '/api/admin' && !path.startsWith('/api/admin/')) return;
    if (!req.user) throw unauthorized();
    if (req.user.role !== 'Admin') throw forbidden('Only administrators can do this');
  });
}
