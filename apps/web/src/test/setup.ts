import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadArea } from '../i18n';

/*
 * Node's Request (which RTK Query builds) does not resolve '/api/...' against the page as a browser
 * does; resolving it against jsdom's location makes the app's relative URLs work unchanged in tests.
 */
const NodeRequest = globalThis.Request;
globalThis.Request = class extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.origin) : input, init);
  }
};

/*
 * jsdom has no matchMedia; responsive components (the filter panel's Offcanvas) ask it for the viewport. The
 * answer is a phone's: no media query matches.
 */
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) satisfies MediaQueryList;

// findBy and waitFor give up after a second by default: a slow or busy machine takes longer to render a page's answer.
configure({ asyncUtilTimeout: 5000 });

// Components are rendered outside their routes here, so every area's texts are loaded up front.
await Promise.all([loadArea('checkout'), loadArea('admin')]);

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});
