import type { FastifyInstance } from 'fastify';
import { idParam } from '../../lib/schemas.ts';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { answerUpload, receiveFiles, uploadDoc } from '../../lib/uploads.ts';
import { logoPicture, pictureSpec } from '../images/uploaded.ts';
import { adminCategoriesService } from './categories-service.ts';
import { actor } from './common.ts';
import * as sc from './schemas.ts';

// Staff's category tree routes; the rules are in categories-service.ts.

/** A category's picture: one, in the field `image` (the category page's form). */
const PICTURE = pictureSpec(1, 'image');

export default async function adminCategoriesRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const svc = adminCategoriesService(fastify);
  const tags = ['admin'];
  app.get(
    '/api/admin/categories',
    {
      schema: {
        tags,
        summary: 'The whole tree with product and sub-category counts, in order',
        response: { 200: sc.categoriesReply },
      },
    },
    async () => svc.list(),
  );
  app.post(
    '/api/admin/categories',
    {
      schema: {
        tags,
        summary: 'Adds a category (parentId 0 or missing: a top category)',
        body: sc.categoryCreateBody,
        response: { 201: sc.categoryReply },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await svc.create(actor(req), req.body.name, req.body.parentId)),
  );
  app.patch(
    '/api/admin/categories/:id',
    {
      schema: {
        tags,
        summary: 'Renames, moves (parentId) or orders (position) a category',
        params: idParam(),
        body: sc.categoryEditBody,
        response: { 200: sc.categoryReply },
      },
    },
    async (req) => svc.edit(actor(req), req.params.id, req.body),
  );
  app.post(
    '/api/admin/categories/:id/merge',
    {
      schema: {
        tags,
        summary: 'Moves every product into another category and removes this one (needs confirm)',
        params: idParam(),
        body: sc.mergeBody,
        response: { 200: sc.categoryReply },
      },
    },
    async (req) => svc.merge(actor(req), req.params.id, req.body.into, req.body.confirm),
  );
  app.post(
    '/api/admin/categories/:id/delete',
    {
      schema: {
        tags,
        summary: 'Deletes an empty category (needs confirm); one with products is merged instead',
        params: idParam(),
        body: sc.confirmBody,
        response: { 200: sc.categoryReply },
      },
    },
    async (req) => svc.remove(actor(req), req.params.id, req.body?.confirm),
  );
  app.post(
    '/api/admin/categories/:id/image',
    {
      schema: {
        tags,
        summary: "Sets a category's picture (multipart, one JPEG, PNG or WebP)",
        ...uploadDoc(PICTURE),
        params: idParam(),
        response: {
          200: sc.categoryReply,
          303: { type: 'null', description: 'A page form: back to its page' },
        },
      },
    },
    async (req, reply) =>
      answerUpload(req, reply, `/admin/categories/${req.params.id}`, async () => {
        const got = await receiveFiles(req, PICTURE, (f) => logoPicture(f.data));
        return svc.setImage(actor(req), app.storage, req.params.id, got.files[0]);
      }),
  );
}
