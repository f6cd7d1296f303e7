// Response serializers built on a route's first answer with that status, not at start. Fastify
// builds every route's fast-json-stringify serializer when the app becomes ready: for our routes
// that was about half of the CPU time a server takes from start to listening (≈0.9 s of ≈2 s
// building the app, measured on the 2-core CI machine), paid again by each HTTP worker of a cluster
// and by every test that builds the app, for answers most processes never send. The serializer is
// fastify's own (the compiler package fastify depends on, resolved from fastify), so the bytes
// sent are the same; a schema it cannot compile now fails that answer (a 500) instead of the start,
// which the contract tests would show for every schema they answer with.
import { createRequire } from 'node:module';

type Serializer = (data: unknown) => string;
type RouteSchema = { schema?: unknown; method?: string; url?: string; httpStatus?: string; contentType?: string };
type SerializerCompiler = (route: RouteSchema) => Serializer;
type SerializerBuilder = (externalSchemas: unknown, serializerOptions: unknown) => SerializerCompiler;

const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const { SerializerSelector } = fromFastify('@fastify/fast-json-stringify-compiler') as {
  SerializerSelector: () => SerializerBuilder;
};
const buildEager = SerializerSelector();

/** Fastify's `schemaController.compilersFactory.buildSerializer`, compiling each schema when first used. */
export const buildLazySerializer: SerializerBuilder = (externalSchemas, serializerOptions) => {
  const compile = buildEager(externalSchemas, serializerOptions);
  return (route) => {
    let serialize: Serializer | undefined;
    return (data) => (serialize ??= compile(route))(data);
  };
};
