import {
  isShopPage,
  localDescription,
  localName,
  summary,
  WEB_PATHS,
  type Language,
  type LocalizedRef,
} from '@shop/contracts';
import { notFound } from '../../lib/errors.js';
import type { Deps } from '../deps.js';
import { categoriesService } from '../categories/service.js';
import { departmentsService } from '../departments/service.js';
import { productsService } from '../products/service.js';
import { loadShopPage } from '../shop/service.js';
import type { PageHead } from './head.js';
import { breadcrumbList, organizationThing, productThing, webSiteThing, type Crumb } from './json-ld.js';
import { storefrontPath, type PagePath, type Site } from './site.js';
import { HEAD_TEXTS } from './texts.js';

interface Place {
  name: string;
  path: PagePath;
}

/**
 * The heads of the storefront pages, from the same queries the API's catalogue routes answer with. A
 * missing (or malformed) product, category or department throws their 404.
 */
export function pageHeads(deps: Pick<Deps, 'db' | 'images' | 'clock'>, site: Site) {
  const products = productsService(deps);
  const categories = categoriesService(deps);
  const departments = departmentsService(deps);

  /** The trail from the home page down to `places`, with absolute addresses. */
  const trail = (language: Language, places: Place[]) =>
    breadcrumbList(
      [{ name: HEAD_TEXTS[language].home, path: WEB_PATHS.home }, ...places].map(({ name, path }): Crumb => ({
        name,
        url: site.page(path, language),
      })),
    );

  function home(language: Language): PageHead {
    const t = HEAD_TEXTS[language];
    return {
      title: t.homeTitle,
      description: t.homeDescription,
      path: WEB_PATHS.home,
      things: [organizationThing(t.siteName, language, site), webSiteThing(t.siteName, language, site)],
    };
  }

  function about(language: Language): PageHead {
    const t = HEAD_TEXTS[language];
    return { title: t.aboutTitle, description: t.aboutDescription, path: WEB_PATHS.about };
  }

  /** A department's or category's page: what it is called in `language`, and where it is. */
  const departmentPlace = (ref: LocalizedRef, language: Language): Place => ({
    name: localName(ref, language).text,
    path: storefrontPath.department(ref._id),
  });
  const categoryPlace = (ref: LocalizedRef, language: Language): Place => ({
    name: localName(ref, language).text,
    path: storefrontPath.category(ref._id),
  });

  async function product(id: string, language: Language): Promise<PageHead> {
    const found = await products.one(id);
    const here = { name: localName(found, language).text, path: storefrontPath.product(found) };
    return {
      title: HEAD_TEXTS[language].titleOf(here.name),
      description: summary(localDescription(found, language).text),
      path: here.path,
      images: found.image_path.map(site.file),
      type: 'product',
      things: [
        productThing(found, language, site),
        trail(language, [departmentPlace(found.department, language), categoryPlace(found.category, language), here]),
      ],
    };
  }

  async function category(id: string, language: Language): Promise<PageHead> {
    const found = await categories.find(id);
    const department = departmentPlace(found.department, language);
    const here = categoryPlace(found, language);
    return {
      title: HEAD_TEXTS[language].titleOf(here.name),
      description: HEAD_TEXTS[language].categoryDescription(here.name, department.name),
      path: here.path,
      images: found.image_path ? [site.file(found.image_path)] : [],
      things: [trail(language, [department, here])],
    };
  }

  async function department(id: string, language: Language): Promise<PageHead> {
    const here = departmentPlace(await departments.find(id), language);
    return {
      title: HEAD_TEXTS[language].titleOf(here.name),
      description: HEAD_TEXTS[language].departmentDescription(here.name),
      path: here.path,
      things: [trail(language, [here])],
    };
  }

  function searchResults(query: string, language: Language): PageHead {
    const t = HEAD_TEXTS[language];
    return {
      title: t.searchTitle(query),
      description: t.searchDescription(query),
      path: storefrontPath.searchResults(query),
      noindex: true,
    };
  }

  /** One of the shop's pages, titled as the owner titled it; a name that is none of them is a 404. */
  async function shopPage(name: string, language: Language): Promise<PageHead> {
    if (!isShopPage(name)) throw notFound();
    const page = await loadShopPage(deps.db, name);
    const [title, body] = language === 'ar' ? [page.titleAr, page.bodyAr] : [page.title, page.body];
    return {
      title: HEAD_TEXTS[language].titleOf(title),
      description: summary(body),
      path: storefrontPath.shopPage(name),
    };
  }

  return { home, about, product, category, department, searchResults, shopPage };
}
