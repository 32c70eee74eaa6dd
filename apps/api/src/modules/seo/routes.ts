import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LANGUAGES,
  pathIn,
  SEARCH_FORM,
  searchFormQuerySchema,
  WEB_PATHS,
  WEB_PATTERNS,
  type ApiAnswer,
  type Language,
  type PageRenderer,
  type RenderedPage,
} from '@shop/contracts';
import { HttpError } from '../../lib/errors.js';
import { headTags, notFoundTags, type PageHead } from './head.js';
import { pageHeads } from './pages.js';
import { robotsTxt } from './robots.js';
import { siteAt, storefrontPath } from './site.js';
import { SITEMAP_FILE_ROUTE, sitemaps } from './sitemap.js';
import type { PageTemplate } from './template.js';

/** Sends the web app's page: it must be asked for again each time (a new build, a changed product), cheaply (ETag). */
export const sendPage = (reply: FastifyReply, html: string) =>
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);

const isNotFound = (error: unknown) => error instanceof HttpError && error.statusCode === 404;

// Not API: the OpenAPI document leaves these out. The response cache keys by address, so a page per language; a
// product's page shows that product, any other page lists (of products, or of the catalogue's parts in its menus).
const cached = (shows: 'product' | 'lists') =>
  ({ config: { access: 'public', cache: shows }, schema: { hide: true } }) as const;
// A sitemap file is streamed, too large to keep in memory; robots.txt costs nothing to write.
const UNCACHED = { config: { access: 'public' }, schema: { hide: true } } as const;

/**
 * The bodies of pages the web app's server bundle renders (`renderer`), or none (the browser renders
 * the page alone) when there is no bundle or rendering fails.
 */
export function pageBodies(app: FastifyInstance, renderer: PageRenderer | null) {
  /** A GET of the API for the page's render, in this process, counted (rate limit) against the visitor. */
  const apiFor =
    (request: FastifyRequest) =>
    async (path: string, headers: Record<string, string>): Promise<ApiAnswer> => {
      const forwarded = request.headers['x-forwarded-for'];
      const answer = await app.inject({
        method: 'GET',
        url: path,
        headers: forwarded ? { ...headers, 'x-forwarded-for': forwarded } : headers,
        remoteAddress: request.socket.remoteAddress,
      });
      return {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
        body: answer.body,
      };
    };

  return async function body(request: FastifyRequest, language: Language): Promise<RenderedPage | null> {
    if (!renderer) return null;
    try {
      return await renderer.render({ url: request.url, language, api: apiFor(request) });
    } catch (error) {
      request.log.error({ err: error }, 'the page could not be rendered on the server');
      return null;
    }
  };
}

/**
 * The storefront's pages, each in both languages ('/…' and '/ar/…'): the web app's page with a head of
 * its own. A product, category or department that is not there is a 404, with the app's page (which
 * says so). And robots.txt and the sitemap.
 */
export async function seoRoutes(app: FastifyInstance, opts: { template: PageTemplate; renderer: PageRenderer | null }) {
  const site = siteAt(app.config.PUBLIC_URL);
  const heads = pageHeads(app, site);
  const maps = sitemaps(app.db, app.config.PUBLIC_URL);
  const body = pageBodies(app, opts.renderer);

  function page<Params>(
    path: string,
    head: (params: Params, language: Language) => PageHead | Promise<PageHead>,
    shows: 'product' | 'lists' = 'lists',
  ) {
    for (const language of LANGUAGES) {
      app.get(pathIn(path, language), cached(shows), async (request, reply) => {
        let tags: string;
        try {
          // The path's own parameters, which the router has matched.
          tags = headTags(await head(request.params as Params, language), language, site);
        } catch (error) {
          if (!isNotFound(error)) throw error;
          reply.code(404);
          tags = notFoundTags(language);
        }
        return sendPage(reply, await opts.template.render(language, tags, await body(request, language)));
      });
    }
  }

  page(WEB_PATHS.home, (_, language) => heads.home(language));
  page(WEB_PATHS.about, (_, language) => heads.about(language));
  page<{ page: string }>(WEB_PATTERNS.shopPage, ({ page }, language) => heads.shopPage(page, language));
  page<{ id: string }>(WEB_PATTERNS.department, ({ id }, language) => heads.department(id, language));
  page<{ id: string }>(WEB_PATTERNS.category, ({ id }, language) => heads.category(id, language));
  page<{ id: string }>(WEB_PATTERNS.product, ({ id }, language) => heads.product(id, language), 'product');
  // Any slug, or a stale one after a rename, is the same page: its canonical address names the right one.
  page<{ id: string }>(WEB_PATTERNS.productNamed, ({ id }, language) => heads.product(id, language), 'product');
  page<{ query: string }>(WEB_PATTERNS.searchResults, ({ query }, language) => heads.searchResults(query, language));

  app.get('/robots.txt', UNCACHED, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(robotsTxt(site)),
  );

  app.get('/sitemap.xml', cached('lists'), async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').send(await maps.index()),
  );

  app.get<{ Params: { n: string } }>(SITEMAP_FILE_ROUTE, UNCACHED, async (request, reply) =>
    reply.type('application/xml; charset=utf-8').send(Readable.from(await maps.file(request.params.n))),
  );

  // The header's search form sent without JavaScript: on to the results' address in the form's language
  // (303: the browser GETs it), or home when nothing was typed.
  for (const language of LANGUAGES) {
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        pathIn(SEARCH_FORM.path, language),
        { ...UNCACHED, schema: { ...UNCACHED.schema, querystring: searchFormQuerySchema } },
        async (request, reply) => {
          const text = request.query[SEARCH_FORM.field];
          return reply.redirect(pathIn(text ? storefrontPath.searchResults(text) : WEB_PATHS.home, language), 303);
        },
      );
  }
}
