import { describe, expect, it, vi } from 'vitest';
import type { Department } from '@shop/contracts';
import { setupStore } from '../app/store';
import { api, serverPageLoaded, type ApiBaseQuery } from './apiSlice';
import { cacheForPage } from './pageCache';

const DEPARTMENTS = [{ _id: 'd1', name: 'Electronics', nameAr: 'إلكترونيات' }] as Department[];

/** A query as the features inject theirs (the API layer imports none of them). */
const { departments } = api.injectEndpoints({
  endpoints: (build) => ({ departments: build.query<Department[], void>({ query: () => '/department' }) }),
}).endpoints;

/** A store that asks its API through `answer`, as the server's render does. */
function storeAsking(answer: () => ReturnType<ApiBaseQuery>) {
  const baseQuery = vi.fn<ApiBaseQuery>(answer);
  return { store: setupStore(undefined, { baseQuery }), baseQuery };
}

/** What a browser's store, asking through `answer`, gets for the query once it has taken `written` over. */
async function takenOver(written: string, answer: () => ReturnType<ApiBaseQuery>) {
  const { store, baseQuery } = storeAsking(answer);
  store.dispatch(serverPageLoaded({ [api.reducerPath]: JSON.parse(written) }));
  const asked = store.dispatch(departments.initiate());
  const { data } = await asked;
  asked.unsubscribe();
  return { data, baseQuery };
}

/** The page's cache as two renders of the same page, at different moments, write it. */
async function renderedTwice() {
  const written: string[] = [];
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    for (const at of ['2026-11-25T10:00:00Z', '2026-11-25T10:00:07Z']) {
      vi.setSystemTime(new Date(at));
      const { store } = storeAsking(() => ({ data: DEPARTMENTS }));
      await store.dispatch(departments.initiate());
      written.push(JSON.stringify(cacheForPage(store.getState()[api.reducerPath])));
    }
  } finally {
    vi.useRealTimers();
  }
  return written;
}

describe('the query cache a rendered page carries', () => {
  it('is the same bytes from every render of the same answers, so any process revalidates the page', async () => {
    const [first, second] = await renderedTwice();
    expect(second).toBe(first);
    expect(first).toContain('"data":[{"_id":"d1"');
    expect(first).not.toMatch(/requestId|TimeStamp/);
  });

  it('is taken over by the browser without asking the API again for what the page showed', async () => {
    const [written = ''] = await renderedTwice();
    const { data, baseQuery } = await takenOver(written, () => ({ data: [] }));
    expect(data).toEqual(DEPARTMENTS);
    expect(baseQuery).not.toHaveBeenCalled();
  });

  it('leaves an answer the server failed to get to be asked again in the browser', async () => {
    const failing = storeAsking(() => ({ error: { status: 503, data: null } }));
    await failing.store.dispatch(departments.initiate());
    const written = JSON.stringify(cacheForPage(failing.store.getState()[api.reducerPath]));
    const { data, baseQuery } = await takenOver(written, () => ({ data: DEPARTMENTS }));
    expect(data).toEqual(DEPARTMENTS);
    expect(baseQuery).toHaveBeenCalledOnce();
  });
});
