import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The id of an operation, made from its method and path: `GET /api/product/one/:id` is `getProductOneById`. Made the
 * same way for every route, so no route has to name itself and a client generated from the document gets names that
 * follow the addresses.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[-_.]/)))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]?.toUpperCase() + word.slice(1))].join('');
}

/** The zod type provider's schema transform for the OpenAPI document, adding each operation's id. */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const [method = 'get'] = [input.route.method].flat();
  return { ...transformed, schema: { ...transformed.schema, operationId: operationIdOf(method, input.url) } };
};
