import type { FastifyInstance } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { PRODUCT_IMAGES_MAX } from '@sf/shared';
import { requireAuth } from '../../lib/session.ts';
import { idParam } from '../../lib/schemas.ts';
import {
  answerUpload,
  backToPage as redirect,
  uploadDoc,
  receiveFiles,
} from '../../lib/uploads.ts';
import { logoPicture, pictureSpec, productPicture } from '../images/uploaded.ts';
import { productImagesService } from './images.ts';
import { storeLogoService } from './logo.ts';
import {
  imageKeyParams,
  imageOrderBody,
  productImagesReply,
  storeIdQuery,
  storeLogoReply,
} from './schemas.ts';

/** A product's pictures, in the field `images`, and the store's logo, in `logo` (their pages' forms). */
const PICTURES = pictureSpec(PRODUCT_IMAGES_MAX, 'images');
const LOGO = pictureSpec(1, 'logo');

/** A seller's product pictures and store logo: the upload pipeline of lib/uploads.ts. */
export async function sellerImageRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const images = productImagesService(app.db, app.storage);
  const logos = storeLogoService(app.db, app.storage);
  const tags = ['my store'];

  app.get(
    '/api/store/products/:id/images',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'The pictures of one of my products, in order',
        params: idParam(),
        response: { 200: productImagesReply },
      },
    },
    async (req) => images.list(req.user!.id, req.params.id),
  );

  app.post(
    '/api/store/products/:id/images',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: `Adds pictures to one of my products (at most ${PRODUCT_IMAGES_MAX} in all); one bad file refuses them all`,
        ...uploadDoc(PICTURES),
        params: idParam(),
        response: { 201: productImagesReply, ...redirect },
      },
    },
    async (req, reply) =>
      answerUpload(
        req,
        reply,
        `/user/store/product/${req.params.id}`,
        () =>
          images.add(req.user!.id, req.params.id, async () => {
            const got = await receiveFiles(req, PICTURES, (f) => productPicture(f.data));
            return got.files;
          }),
        201,
      ),
  );

  app.delete(
    '/api/store/products/:id/images/:key',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Deletes a picture of one of my products (the ones after it move up)',
        params: imageKeyParams,
        response: { 200: productImagesReply },
      },
    },
    async (req) => images.remove(req.user!.id, req.params.id, req.params.key),
  );

  app.put(
    '/api/store/products/:id/images',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          'Puts the pictures of one of my products in a new order (the first shows in lists)',
        params: idParam(),
        body: imageOrderBody,
        response: { 200: productImagesReply },
      },
    },
    async (req) => images.reorder(req.user!.id, req.params.id, req.body.order),
  );

  app.post(
    '/api/store/logo',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Sets my store’s logo (one picture, shown as a square)',
        ...uploadDoc(LOGO),
        querystring: storeIdQuery,
        response: { 200: storeLogoReply, ...redirect },
      },
    },
    async (req, reply) =>
      answerUpload(req, reply, '/user/store', async () => {
        const got = await receiveFiles(req, LOGO, (f) => logoPicture(f.data));
        return logos.set(req.user!.id, req.query.storeId, got.files[0]);
      }),
  );

  app.delete(
    '/api/store/logo',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Removes my store’s logo (its initials tile shows again)',
        querystring: storeIdQuery,
        response: { 200: storeLogoReply },
      },
    },
    async (req) => logos.set(req.user!.id, req.query.storeId, null),
  );
}
