import { useEffect } from 'react';
import { useHref } from 'react-router';

interface PageHeadProps {
  title: string;
  /** What search results and link previews say of the page, worded as the server's head (apps/api/src/modules/seo). */
  description: string;
  /** The page's app path ('/product/one/…', without the language's prefix), as its canonical address. */
  path: string;
  /** The page's picture (a file the shop serves, or an address) for link previews; none, no picture. */
  image?: string;
}

/** The head tags a storefront page keeps up to date: `[attribute, name, the tag's value attribute]`. */
type Tag = readonly ['name' | 'property' | 'rel', string, 'content' | 'href'];
const DESCRIPTION: Tag = ['name', 'description', 'content'];
const CANONICAL: Tag = ['rel', 'canonical', 'href'];
const OG_TITLE: Tag = ['property', 'og:title', 'content'];
const OG_DESCRIPTION: Tag = ['property', 'og:description', 'content'];
const OG_URL: Tag = ['property', 'og:url', 'content'];
const OG_IMAGE: Tag = ['property', 'og:image', 'content'];
const TAGS = [DESCRIPTION, CANONICAL, OG_TITLE, OG_DESCRIPTION, OG_URL, OG_IMAGE];

/** Writes one tag: the element already in the head updated in place, or a new one; no value removes it. */
function writeTag([attribute, name, valueAttribute]: Tag, value: string | undefined) {
  const element = attribute === 'rel' ? 'link' : 'meta';
  let tag = document.head.querySelector(`${element}[${attribute}="${name}"]`);
  if (value === undefined) {
    tag?.remove();
    return;
  }
  if (!tag) {
    tag = document.createElement(element);
    tag.setAttribute(attribute, name);
    document.head.append(tag);
  }
  if (tag.getAttribute(valueAttribute) !== value) tag.setAttribute(valueAttribute, value);
}

/** The storefront page whose tags are in the head; a page leaving clears them unless the next one took them over. */
let owner: object | null = null;

/**
 * A storefront page's head: its title, and, as the shopper moves inside the app, the description,
 * canonical address and Open Graph tags the server writes into the first page's head
 * (apps/api/src/modules/seo/head.ts) follow to this page, so a link copied or shared from here previews
 * this page. The server's tags are updated in place; a page without a head of its own (the cart, the
 * dashboard) is served without them, so they go when the shopper moves to one.
 */
export function PageHead({ title, description, path, image }: PageHeadProps) {
  // With the router's base: '/ar/…' on an Arabic page.
  const href = useHref(path);

  useEffect(() => {
    const mine = {};
    owner = mine;
    const url = new URL(href, window.location.origin).href;
    writeTag(DESCRIPTION, description);
    writeTag(CANONICAL, url);
    writeTag(OG_TITLE, title);
    writeTag(OG_DESCRIPTION, description);
    writeTag(OG_URL, url);
    writeTag(OG_IMAGE, image && new URL(image, window.location.origin).href);
    return () => {
      // The next page's head, if it has one, is written in the same commit, before this runs.
      queueMicrotask(() => {
        if (owner !== mine) return;
        owner = null;
        for (const tag of TAGS) writeTag(tag, undefined);
      });
    };
  }, [title, description, href, image]);

  return <title>{title}</title>;
}
