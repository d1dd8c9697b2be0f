import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';

// A route's JSON schema is the one description of its input (decision 0032): through this
// instance `req.params`, `req.query` and `req.body` take their types from the route's `params`,
// `querystring` and `body` schemas, so no handler repeats them in a hand-written generic or a cast
// that could drift from what Ajv checks. Answers keep the typing of decision 0012 (the service
// builds `FromSchema` types of the response schemas): the provider's serializer side is left out,
// as typing every `reply.send` from its schema doubled the compile and flagged only widened
// literals (`status: boolean` for `true`), not wrong answers.

/** What @fastify/type-provider-json-schema-to-ts derives from one request schema. */
type FromRequestSchema<S> = (JsonSchemaToTsProvider & { schema: S })['validator'];

/** json-schema-to-ts on the request side only (`validator`); answers stay as Fastify types them. */
export interface RequestTypesProvider extends FastifyTypeProvider {
  validator: FromRequestSchema<this['schema']>;
  serializer: unknown;
}

/** A Fastify instance whose routes' requests are typed by their schemas. */
export type TypedApp = ReturnType<typeof typedRoutes>;

/**
 * The same instance, its routes' requests typed by their schemas (a type-level view: at run time
 * `withTypeProvider` returns the instance itself). Every module's routes register through it.
 */
export const typedRoutes = (app: FastifyInstance) => app.withTypeProvider<RequestTypesProvider>();
