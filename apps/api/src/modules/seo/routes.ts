import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LANGUAGES, pathIn, WEB_PATHS, WEB_PATTERNS, type Language } from '@shop/contracts';
import { HttpError } from '../../lib/errors.js';
import { headTags, notFoundTags, type PageHead } from './head.js';
import { pageHeads } from './pages.js';
import { robotsTxt } from './robots.js';
import { siteAt } from './site.js';
import { SITEMAP_FILE_ROUTE, sitemaps } from './sitemap.js';
import type { PageTemplate } from './template.js';

/** Sends the web app's page: it must be asked for again each time (a new build, a changed product), cheaply (ETag). */
export const sendPage = (reply: FastifyReply, html: string) =>
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);

const isNotFound = (error: unknown) => error instanceof HttpError && error.statusCode === 404;

// Not API: the OpenAPI document leaves these out. The response cache keys by address, so a page per language.
const CACHED = { config: { access: 'public', cache: true }, schema: { hide: true } } as const;
// A sitemap file is streamed, too large to keep in memory; robots.txt costs nothing to write.
const UNCACHED = { config: { access: 'public' }, schema: { hide: true } } as const;

/**
 * The storefront's pages, each in both languages ('/…' and '/ar/…'): the web app's page with a head of
 * its own. A product, category or department that is not there is a 404, with the app's page (which
 * says so). And robots.txt and the sitemap.
 */
export async function seoRoutes(app: FastifyInstance, opts: { template: PageTemplate }) {
  const site = siteAt(app.config.PUBLIC_URL);
  const heads = pageHeads(app, site);
  const maps = sitemaps(app.db, app.config.PUBLIC_URL);

  function page<Params>(path: string, head: (params: Params, language: Language) => PageHead | Promise<PageHead>) {
    for (const language of LANGUAGES) {
      app.get(pathIn(path, language), CACHED, async (request, reply) => {
        try {
          // The path's own parameters, which the router has matched.
          const tags = headTags(await head(request.params as Params, language), language, site);
          return sendPage(reply, await opts.template.render(language, tags));
        } catch (error) {
          if (!isNotFound(error)) throw error;
          return sendPage(reply.code(404), await opts.template.render(language, notFoundTags(language)));
        }
      });
    }
  }

  page(WEB_PATHS.home, (_, language) => heads.home(language));
  page(WEB_PATHS.about, (_, language) => heads.about(language));
  page<{ id: string }>(WEB_PATTERNS.department, ({ id }, language) => heads.department(id, language));
  page<{ id: string }>(WEB_PATTERNS.category, ({ id }, language) => heads.category(id, language));
  page<{ id: string }>(WEB_PATTERNS.product, ({ id }, language) => heads.product(id, language));
  page<{ query: string }>(WEB_PATTERNS.searchResults, ({ query }, language) => heads.searchResults(query, language));

  app.get('/robots.txt', UNCACHED, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(robotsTxt(site)),
  );

  app.get('/sitemap.xml', CACHED, async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').send(await maps.index()),
  );

  app.get<{ Params: { n: string } }>(SITEMAP_FILE_ROUTE, UNCACHED, async (request, reply) =>
    reply.type('application/xml; charset=utf-8').send(Readable.from(await maps.file(request.params.n))),
  );
}
