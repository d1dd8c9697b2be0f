import type { FastifyInstance } from 'fastify';
import { envelope, idParam } from '../../lib/schemas.ts';
import { categorySchema } from './schemas.ts';
import { categoriesService } from './service.ts';

export default async function catalogRoutes(app: FastifyInstance) {
  const categories = categoriesService(app.db);

  app.get<{ Params: { id: number } }>('/api/categories/getByParentId/:id', {
    schema: { tags: ['catalog'], summary: 'Child categories of a category (0: the top categories)', params: idParam(), response: { 200: envelope(categorySchema) } },
  }, async (req, reply) => reply.header('cache-control', 'public, max-age=600').send({ status: true, items: await categories.byParent(req.params.id) }));
}
