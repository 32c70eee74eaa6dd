import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { BUILT_IN_ROLES, OWNER_ROLE, type Session } from '@shop/contracts';
import { setupStore, type AppStore, type RootState } from '../app/store';

export const shopperSession: Session = {
  user: {
    _id: 'u1',
    name: 'Mariam Adel',
    email: 'mariam@example.com',
    phone: '01100000002',
    verifiedPhone: null,
    role: false,
    contactChannel: 'email',
    cartReminders: false,
  },
  token: 'shopper-token',
  expiration: new Date(Date.now() + 86_400_000).toISOString(),
};

/** A signed-in owner of the dashboard (the API answers their permissions as the test mocks them). */
export const adminSession: Session = {
  ...shopperSession,
  user: { ...shopperSession.user, _id: 'a1', name: 'Admin', role: true },
  token: 'admin-token',
};

/**
 * POST /api/auth/phone/verify for a mobile no account has: without a name it asks for one (`asking`), with one it
 * signs the new shopper in.
 */
export const verifyAskingName = (asking: string) => (request: Request) =>
  request
    .clone()
    .json()
    .then((body: { name?: string }) =>
      body.name ? { body: { ...shopperSession, created: true } } : { body: { nameNeeded: true, message: asking } },
    );

function Elsewhere() {
  const { pathname, search } = useLocation();
  return <p>page {pathname + search}</p>;
}

/** Renders `element` at `path` inside a store and a memory router; other paths render their name, to assert navigation. */
export function renderRoute(
  element: ReactElement,
  options: { path?: string; url?: string; store?: AppStore; preloadedState?: Partial<RootState> } = {},
) {
  const store = options.store ?? setupStore(options.preloadedState);
  const path = options.path ?? '/';
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', Component: Elsewhere },
    ],
    { initialEntries: [options.url ?? path] },
  );
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router };
}

interface Reply {
  status?: number;
  body: unknown;
}

/** A JSON body parsed; any other (a multipart form) as the text it was sent as. */
const bodyOf = (request: Request, text: string): unknown =>
  !text ? undefined : request.headers.get('content-type')?.includes('application/json') ? JSON.parse(text) : text;

/** A fetch that answers by "METHOD /path" and records every request it saw. */
const OWNER_SELF: Reply = { body: { role: OWNER_ROLE, permissions: [...BUILT_IN_ROLES.owner] } };

export function mockApi(routes: Record<string, Reply | ((request: Request) => Reply | Promise<Reply>)>) {
  const calls: { method: string; path: string; body: unknown; token: string | null }[] = [];
  // RTK Query hands fetch a Request; code that calls fetch itself (a file download) may pass a URL and options.
  const fetchMock = vi.fn(async (resource: Request | string, init?: RequestInit) => {
    const input = typeof resource === 'string' ? new Request(resource, init) : resource;
    const url = new URL(input.url);
    const key = `${input.method} ${url.pathname}`;
    const text = await input.clone().text();
    calls.push({
      method: input.method,
      path: url.pathname + url.search,
      body: bodyOf(input, text),
      token: input.headers.get('x-access-token'),
    });
    // The signed-in admin of these tests is an owner, unless a test says what their role allows.
    const route = routes[key] ?? (key === 'GET /api/staff/me' ? OWNER_SELF : undefined);
    const reply =
      typeof route === 'function'
        ? await route(input)
        : (route ?? { status: 404, body: { message: `no mock for ${key}` } });
    const status = reply.status ?? 200;
    // A 204 has no body: fetch's Response refuses one.
    return new Response(status === 204 ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/**
 * For getByText: the element whose whole text is `text`, values in elements of their own included (an address line,
 * the city set apart in it), and not an element around it holding the same text.
 */
export const wholeText = (text: string) => (_content: string, element: Element | null) =>
  element?.textContent === text && ![...element.children].some((child) => child.textContent === text);

/**
 * Whether `text` is put on the page from now on, even for a moment between two assertions (a flash of the wrong
 * state): the returned function stops watching and answers. Records arrive late, when the nodes they name may have
 * changed since, so what was taken off the page (removed nodes, a text's old value) is looked at as well as what is
 * on it at the end.
 */
export function watchFor(text: string): () => boolean {
  let seen = false;
  const has = (words: string | null | undefined) => !!words?.includes(text);
  const look = (records: MutationRecord[]) => {
    for (const record of records)
      if (has(record.oldValue) || [...record.addedNodes, ...record.removedNodes].some((node) => has(node.textContent)))
        seen = true;
  };
  const observer = new MutationObserver(look);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true, characterDataOldValue: true });
  return () => {
    look(observer.takeRecords());
    observer.disconnect();
    return seen || has(document.body.textContent);
  };
}
