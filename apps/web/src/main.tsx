// First: no module may parse with zod before it is told not to probe for eval (see there).
import './lib/zodConfig';
import './styles/theme.css';
import { i18n, i18nReady } from './i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import { SERVER_STATE_ID } from '@shop/contracts';
import { api, serverPageLoaded } from './api/apiSlice';
import { restoreSaved } from './app/init';
import { createAppRouter } from './app/router';
import { setupStore } from './app/store';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

interface ServerState {
  language: string;
  api: unknown;
}

/**
 * What the server wrote beside a storefront page it rendered (entry-server.tsx), when the page shows
 * in the language it was rendered in; null for the other pages, which the browser renders alone.
 */
function serverState(language: string): ServerState | null {
  const text = document.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as Partial<ServerState>;
    return state.language === language ? { language, api: state.api } : null;
  } catch {
    return null;
  }
}

type AppRouter = ReturnType<typeof createAppRouter>;

/** Resolves once the router has loaded the code of the screen in the address, so its first render is that screen. */
const routerReady = (router: AppRouter) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });

/**
 * Resolves in a task of its own (a message, which a background tab does not throttle as it does timers): the
 * browser may paint and answer input before what follows runs.
 */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

// English is ready at once; Arabic waits for its texts, so no English or raw key flashes first.
void i18nReady.then(async () => {
  // The modules' evaluation has just held the main thread; the app starts in the next task, so that a phone
  // meets two shorter tasks rather than one long one (Lighthouse's total blocking time counts each beyond 50 ms).
  await nextTask();
  const rendered = serverState(i18n.language);
  const store = setupStore();
  if (rendered) store.dispatch(serverPageLoaded({ [api.reducerPath]: rendered.api }));
  // The page as the server rendered it: a visitor's, with an empty cart. The first render must match it,
  // so it reads this state; the shopper's own (session, cart, favourites) shows right after.
  const asRendered = store.getState();
  restoreSaved(store);
  // The router runs the first screen's loaders as it is made, so its requests leave before the first render.
  const router = createAppRouter(store.dispatch);
  const app = (
    <StrictMode>
      <Provider store={store} serverState={rendered ? asRendered : undefined}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>
  );
  if (rendered) {
    await routerReady(router);
    // As a transition, hydration works in slices and lets the browser paint and answer input between them,
    // instead of holding the main thread for the whole page at once (the page is already on screen).
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    root.replaceChildren();
    // Each screen writes its own <title> (React puts it in the head), and a second one beside the page's
    // would leave the document with two: the page's goes as the app draws its own.
    document.head.querySelectorAll('title').forEach((title) => title.remove());
    createRoot(root).render(app);
  }
});
