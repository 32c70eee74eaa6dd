import { BOOTSTRAP_LINK_ID } from '@shop/contracts';
import type { Direction } from './translator';

/**
 * Turns the page to a language: <html lang dir>, and Bootstrap's right-to-left build in place of the
 * left-to-right one (or back). The new sheet replaces the old only once it has loaded, so the page
 * never shows unstyled in between.
 */
export function applyDirection(language: string, dir: Direction): void {
  // On the server the page's <html> is written with its language instead.
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  // Written only when they change: setting <html dir> even to the value it has makes the browser restyle the whole
  // page, which on a server-rendered page (already in its language) cost a phone a long task as the app started.
  if (root.lang !== language) root.lang = language;
  if (root.dir !== dir) root.dir = dir;
  const current = document.getElementById(BOOTSTRAP_LINK_ID);
  if (!(current instanceof HTMLLinkElement)) return;
  const href = current.dataset[dir];
  if (!href || current.getAttribute('href') === href) return;
  const next = current.cloneNode() as HTMLLinkElement;
  next.href = href;
  next.addEventListener('load', () => current.remove(), { once: true });
  current.removeAttribute('id');
  current.after(next);
}
