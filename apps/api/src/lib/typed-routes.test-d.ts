// Type-level test, checked by `tsc` (npm run typecheck), never run: a handler registered through
// typedRoutes reads its request through the route's schemas, so a field renamed or retyped in a
// schema breaks the compile of every handler that still reads the old one. Each
// `@ts-expect-error` fails the typecheck the day its line stops being an error (if the builders
// widened to `string`/`number`, or a route went back to an untyped `req.body`).
import type { FastifyInstance } from 'fastify';
import { Id, Int, Obj, Text, idParam, nullable } from './schemas.ts';
import { typedRoutes } from './typed-routes.ts';

const carBody = {
  type: 'object',
  required: ['makeId'],
  additionalProperties: false,
  properties: {
    makeId: Id(),
    year: nullable(Int({ minimum: 1950, maximum: 2100 })),
    nickname: Text({ maxLength: 40 }),
  },
} as const;
const pageQuery = Obj({ lastId: Int(), size: Int({ default: 20 }) }, ['lastId']);

export function fixture(app: FastifyInstance) {
  typedRoutes(app).post(
    '/fixture/:id',
    { schema: { params: idParam(), querystring: pageQuery, body: carBody } },
    async (req) => {
      const id: number = req.params.id;
      const makeId: number = req.body.makeId;
      const year: number | null | undefined = req.body.year;
      const nickname: string | undefined = req.body.nickname;
      const lastId: number | undefined = req.query.lastId;
      // A property with a default is always there once Ajv has filled it in.
      const size: number = req.query.size;

      // @ts-expect-error the body schema names `makeId`, not `make`
      void req.body.make;
      // @ts-expect-error `nickname` is optional in the schema
      const nick: string = req.body.nickname;
      // @ts-expect-error the path's id is an integer, not text
      const text: string = req.params.id;
      // @ts-expect-error the query schema has no `page`
      void req.query.page;
      // @ts-expect-error `year` may be null
      const y: number | undefined = req.body.year;
      return { id, makeId, year, nickname, lastId, size, nick, text, y };
    },
  );
}
