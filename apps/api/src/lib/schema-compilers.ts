// Fastify compiles every route's schemas into validators (Ajv) and serializers
// (fast-json-stringify) when an app starts, and by default keeps them with that app only. A server
// process builds one app, so nothing changes there. A test worker builds one app per test file on
// the same route modules (vitest's isolate: false), and compiling took about 80% of each app's
// start (0.45 of 0.6 s, for some 150 files a run). These compilers live once per process and keep
// what they compiled per schema object, for apps built with the same options and shared schemas.
import { AjvCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';
import {
  SerializerSelector,
  type Serializer,
  type SerializerCompiler,
  type SerializerFactory,
} from '@fastify/fast-json-stringify-compiler';

/** One serializer compiler per set of shared schemas and options; each schema compiled once. */
function sharedSerializers(): SerializerFactory {
  const fromSchemas = SerializerSelector();
  const pools = new Map<string, SerializerCompiler>();
  return (externalSchemas, options) => {
    const key = JSON.stringify([externalSchemas, options ?? {}]);
    let build = pools.get(key);
    if (!build) {
      const compile = fromSchemas(externalSchemas, options);
      const compiled = new WeakMap<object, Serializer>();
      build = (route) => {
        // Every route schema is an object; a value that is not cannot be a WeakMap key.
        const schema = route.schema as object;
        if (typeof schema !== 'object' || schema === null) return compile(route);
        let fn = compiled.get(schema);
        if (!fn) compiled.set(schema, (fn = compile(route)));
        return fn;
      };
      pools.set(key, build);
    }
    return build;
  };
}

/** For Fastify's `schemaController.compilersFactory`. */
export const sharedCompilers: {
  buildValidator: ValidatorFactory;
  buildSerializer: SerializerFactory;
} = {
  // The validator pool is Fastify's own: one Ajv per set of shared schemas and options, whose
  // compile cache is keyed by the schema object.
  buildValidator: AjvCompiler(),
  buildSerializer: sharedSerializers(),
};
