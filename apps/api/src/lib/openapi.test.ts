import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { operationIdOf } from './openapi.js';

interface Operation {
  summary?: string;
  operationId?: string;
  parameters?: { name: string; in: string }[];
}
type Document = Record<string, unknown> & { paths: Record<string, Record<string, Operation>> };

/** The OpenAPI document the API serves at /api/docs/json, as a client generator would read it. */
describe('the served OpenAPI document', () => {
  let t: TestContext;
  let doc: Document;
  let operations: { name: string; operation: Operation }[];
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    doc = res.json<Document>();
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
    );
  });
  afterAll(() => t.close());

  it('validates against the OpenAPI 3 schema', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('describes every route of the API', () => {
    // Pages, sitemaps, images and metrics live outside /api and are hidden from the document; HEAD mirrors GET.
    const api = t.routes
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(api.length).toBeGreaterThan(70);
    expect(operations.map(({ name }) => name).sort()).toEqual([...new Set(api)].sort());
  });

  it('gives every operation a summary', () => {
    expect(operations.filter(({ operation }) => !operation.summary?.trim()).map(({ name }) => name)).toEqual([]);
  });

  it('gives every operation an id of its own', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(operations.filter(({ operation }) => !operation.operationId).map(({ name }) => name)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/product/one/{id}']?.get?.operationId).toBe('getProductOneById');
  });

  // A querystring schema without properties (a z.record) was listed keyword by keyword: `type`, `additionalProperties`.
  it('lists the query parameters a route reads, not the keywords of a schema without properties', () => {
    const keywords = ['additionalProperties', 'propertyNames', 'properties', 'patternProperties'];
    const made = operations.flatMap(({ name, operation }) =>
      (operation.parameters ?? [])
        .filter((p) => p.in === 'query' && keywords.includes(p.name))
        .map((p) => `${name}: ${p.name}`),
    );
    expect(made).toEqual([]);
    const queryOf = (path: string, method: string) =>
      doc.paths[path]?.[method]?.parameters?.filter((p) => p.in === 'query').map((p) => p.name);
    expect(queryOf('/api/payment/return', 'get')).toEqual(['order', 'hmac']);
    expect(queryOf('/api/payment/webhook', 'post')).toEqual(['hmac']);
  });
});

describe('operationIdOf', () => {
  it('joins the method and the path’s words, a parameter as “by” its name', () => {
    expect(operationIdOf('GET', '/api/user/password-reset/:id/:token')).toBe('getUserPasswordResetByIdByToken');
    expect(operationIdOf('PUT', '/api/cart/incItem')).toBe('putCartIncItem');
    expect(operationIdOf('DELETE', '/api/favourite/:productId')).toBe('deleteFavouriteByProductId');
  });
});
