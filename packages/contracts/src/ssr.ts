import type { Language } from './language.js';

/*
 * How the API renders a storefront page with the web app's own code: the web build ships a server
 * bundle (apps/web/src/entry-server.tsx) that answers this interface, and the API's page routes call it.
 */

/** One answer of the API, as the renderer asks for it: the API serves it in-process, not over the network. */
export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface PageRequest {
  /** The page's address as asked for, with its language prefix and query ('/ar/product/one/…?page=2'). */
  url: string;
  language: Language;
  /** A GET of the API ('/api/product/one/…') on behalf of the visitor. */
  api: (path: string, headers: Record<string, string>) => Promise<ApiAnswer>;
}

export interface RenderedPage {
  /** The app's markup, to go inside the page's root element. */
  html: string;
  /** What the browser's app starts from to take the markup over: JSON, safe inside a script element. */
  state: string;
}

export interface PageRenderer {
  render(page: PageRequest): Promise<RenderedPage>;
}

/**
 * The id of the page's Bootstrap stylesheet link, which carries each direction's build in data-ltr /
 * data-rtl: the server writes it, boot.js adds it when the server did not, and the app turns it.
 */
export const BOOTSTRAP_LINK_ID = 'bootstrap-css';

/** The element (a JSON script, which does not run) that carries `RenderedPage.state` to the browser. */
export const SERVER_STATE_ID = 'server-state';
