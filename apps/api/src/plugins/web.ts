import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fastifyStatic from '@fastify/static';
import { pathToFileURL } from 'node:url';
import { imageQuerySchema, isAppPath, languageOfPath, say, type PageRenderer } from '@shop/contracts';
import { isOriginalName, resized, resizedName } from '../lib/images.js';
import { notFoundTags } from '../modules/seo/head.js';
import { pageBodies, seoRoutes, sendPage } from '../modules/seo/routes.js';
import { pageTemplate } from '../modules/seo/template.js';

const FALLBACK_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>EGP Shop</title></head>
<body><h1>EGP Shop</h1><p>The API is running at <a href="/api/docs">/api/docs</a>. Build the web app with <code>npm run build</code>.</p></body></html>`;

/**
 * The web build's server bundle (apps/web/src/entry-server.tsx, built beside the app into dist-ssr), which
 * renders the storefront's pages; null when it was not built, and the browser then renders them alone.
 */
async function pageRenderer(webDist: string): Promise<PageRenderer | null> {
  const bundle = path.join(webDist, '..', 'dist-ssr', 'entry-server.js');
  if (!fs.existsSync(bundle)) return null;
  return (await import(pathToFileURL(bundle).href)) as PageRenderer;
}

/**
 * Serves /uploads/* from the image store and everything that is not /api from the built web app: the
 * storefront's pages with heads of their own (modules/seo), index.html for the other client-side
 * routes, in Arabic behind /ar.
 */
export async function webPlugin(app: FastifyInstance, opts: { webDist: string }) {
  /** The picture's copy `width` pixels wide: made the first time a page asks for it, then kept beside it. */
  async function resizedCopy(name: string, width: number) {
    if (!isOriginalName(name)) return null;
    const kept = await app.images.get(resizedName(name, width));
    if (kept) return kept;
    const original = await app.images.get(name);
    if (!original) return null;
    const copy = await resized(name, original.bytes, width);
    await app.images.put(copy);
    return copy;
  }

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/uploads/:name',
      { config: { access: 'public' }, schema: { hide: true, querystring: imageQuerySchema } },
      async (request, reply) => {
        const { name } = request.params as { name: string };
        const width = request.query.w;
        const image = width ? await resizedCopy(name, width) : await app.images.get(name);
        if (!image) return reply.code(404).send({ message: say.notFound.Image });
        return reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .type(image.contentType)
          .send(image.bytes);
      },
    );

  const indexFile = path.join(opts.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      // Wildcard: files are looked up per request, so a rebuild while the server runs is served at once.
      wildcard: true,
      index: 'index.html',
      // The build writes a Brotli and a gzip copy beside each text file (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders(res, file) {
        // Vite puts content-hashed files under assets/: cache them forever; index.html must revalidate.
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const template = pageTemplate(hasWeb ? indexFile : null, FALLBACK_PAGE);
  const renderer = hasWeb ? await pageRenderer(opts.webDist) : null;
  await app.register(seoRoutes, { template, renderer });
  const body = pageBodies(app, renderer);

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (request.url.startsWith('/api/') || request.url.startsWith('/uploads/') || request.method !== 'GET') {
      return reply.code(404).send({ message: say.api.routeNotFound(request.method, pathname) });
    }
    const language = languageOfPath(pathname);
    if (isAppPath(pathname)) return sendPage(reply, await template.render(language, null));
    // An address the shop does not have: the not-found page, drawn on the server like the storefront's.
    reply.code(404);
    return sendPage(reply, await template.render(language, notFoundTags(language), await body(request, language)));
  });
}
