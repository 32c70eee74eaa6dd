import './lib/zodConfig';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { pathIn, type PageRequest, type RenderedPage } from '@shop/contracts';
import { api, type ApiBaseQuery } from './api/apiSlice';
import { cacheForPage } from './api/pageCache';
import { appRoutes } from './app/router';
import { setupStore } from './app/store';
import { changeLanguage, i18n } from './i18n';
import { paths } from './lib/paths';

/*
 * The server's side of the storefront: the API renders its pages with this bundle (vite build --ssr),
 * through the routes, loaders and screens the browser runs, then the browser takes the markup over
 * (main.tsx) from the state written beside it.
 */

// Only to give requests whole addresses: they are answered in-process and never leave it.
const ORIGIN = 'http://storefront.invalid';

/** Statuses whose answers carry no body (a Response refuses one). */
const NO_BODY = new Set([204, 304]);

/** The API as the page's queries reach it: in the API's own process, on the visitor's behalf, in the page's language. */
function apiOf(page: PageRequest): ApiBaseQuery {
  return fetchBaseQuery({
    baseUrl: `${ORIGIN}/api`,
    fetchFn: async (request) => {
      const url = new URL(request instanceof Request ? request.url : String(request));
      const answer = await page.api(`${url.pathname}${url.search}`, { 'accept-language': page.language });
      return new Response(NO_BODY.has(answer.status) ? null : answer.body, {
        status: answer.status,
        headers: answer.headers,
      });
    },
  });
}

/**
 * React writes the page's <title> element (and its preloads) ahead of the markup. The head the API writes
 * has the title already; one left inside the root would be no element of React's once the browser takes
 * over, and would outlive the page. The preloads stay: the first picture starts loading before the script.
 */
const withoutTitle = (html: string) => html.replace(/^((?:<(?:link|meta)\b[^>]*>)*)<title>[^<]*<\/title>/, '$1');

/** A JSON text safe inside a script element: no '<' can close it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export async function render(page: PageRequest): Promise<RenderedPage> {
  await changeLanguage(page.language);
  const store = setupStore(undefined, { baseQuery: apiOf(page) });
  const handler = createStaticHandler(appRoutes(store.dispatch), { basename: pathIn(paths.home, page.language) });
  const context = await handler.query(new Request(new URL(page.url, ORIGIN)));
  // The storefront's loaders only start queries; none redirects.
  if (context instanceof Response) throw new Error(`${page.url} answered ${context.status} instead of a page`);
  await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));

  // Set again at the last moment: while this page waited, another page's render may have turned the
  // shared translator to its language. Rendering to a string does not wait, so nothing can come between.
  i18n.changeLanguage(page.language);
  const html = renderToString(
    <Provider store={store}>
      {/* The router's own hydration script would be inline, which the CSP forbids: the state below carries what it needs. */}
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />
    </Provider>,
  );
  const state = scriptJson({ language: page.language, api: cacheForPage(store.getState()[api.reducerPath]) });
  // Clears the timers that would keep the cache (and so this store) alive for a minute after the page is sent.
  store.dispatch(api.util.resetApiState());
  return { html: withoutTitle(html), state };
}
