/**
 * What a notification on channel 'catalogue' says changed (db/sql/catalogue-news.sql): some products, and whether
 * a list could show them differently; or, for anything the cache cannot place, everything.
 */
export type CatalogueNews = { products: string[]; lists: boolean } | 'everything';

export function readNews(payload: string): CatalogueNews {
  if (!payload.startsWith('{')) return 'everything';
  try {
    const news = JSON.parse(payload) as { products?: unknown; lists?: unknown };
    if (Array.isArray(news.products) && typeof news.lists === 'boolean')
      return { products: news.products.map(String), lists: news.lists };
  } catch {
    // Not news this version can read: as good as any change.
  }
  return 'everything';
}

/** What a cached answer shows: one product (its page, its reviews) or lists (of products, of the catalogue's parts). */
export type Shows = { product: string } | 'lists';

/** Products dropped since a moment remembered at most: past this, the oldest moment counts as everything dropped. */
const REMEMBERED_PRODUCTS = 10_000;

/**
 * When the news last dropped each kind of answer, by a counter of the news heard, so that an answer computed while
 * news of its own product arrived is not stored as current, while news of other products lets it be.
 */
export class Drops {
  private heard = 0;
  private everything = 0;
  private lists = 0;
  private readonly products = new Map<string, number>();

  /** The moment to give `since` later. */
  now(): number {
    return this.heard;
  }

  record(news: CatalogueNews): void {
    this.heard++;
    if (news === 'everything') {
      this.everything = this.heard;
      this.products.clear();
      return;
    }
    if (news.lists) this.lists = this.heard;
    for (const id of news.products) this.products.set(id, this.heard);
    if (this.products.size > REMEMBERED_PRODUCTS) {
      this.products.clear();
      this.everything = this.heard;
    }
  }

  /** Whether news since `since` dropped an answer showing `shows`. */
  droppedSince(since: number, shows: Shows): boolean {
    if (this.everything > since) return true;
    if (shows === 'lists') return this.lists > since;
    return (this.products.get(shows.product) ?? 0) > since;
  }
}

/** Whether `news` drops an answer showing `shows`. */
export function drops(news: CatalogueNews, shows: Shows): boolean {
  if (news === 'everything') return true;
  if (shows === 'lists') return news.lists;
  return news.products.includes(shows.product);
}
