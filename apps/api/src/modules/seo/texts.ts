import type { Language } from '@shop/contracts';

/**
 * The words of the storefront pages' heads. The titles and descriptions are those the web app gives its
 * pages once it runs (apps/web/src/i18n/*.json, through components/PageHead.tsx), so the tab's title does
 * not change under the shopper, and a page reached inside the app has the head this one sends.
 */
interface HeadTexts {
  siteName: string;
  /** The first step of every breadcrumb trail. */
  home: string;
  homeTitle: string;
  homeDescription: string;
  aboutTitle: string;
  aboutDescription: string;
  /** A product's, category's or department's page. */
  titleOf: (name: string) => string;
  departmentDescription: (department: string) => string;
  categoryDescription: (category: string, department: string) => string;
  searchTitle: (query: string) => string;
  searchDescription: (query: string) => string;
  notFoundTitle: string;
}

const SITE = 'EGP Shop';
const SERVICE_EN = 'prices in Egyptian pounds, delivery to every governorate, card or cash on delivery.';
const SERVICE_AR = 'أسعار بالجنيه المصري، وتوصيل إلى كل المحافظات، والدفع بالبطاقة أو عند الاستلام.';

export const HEAD_TEXTS: Record<Language, HeadTexts> = {
  en: {
    siteName: SITE,
    home: 'Home',
    homeTitle: `${SITE} – Online shopping in Egypt`,
    homeDescription: `${SITE}: shop electronics, fashion, home and more across Egypt, with prices in EGP and cash on delivery.`,
    aboutTitle: `About us – ${SITE}`,
    aboutDescription:
      'An online marketplace built for Egypt: fair prices in Egyptian pounds, delivery to every governorate and the choice to pay by card or cash on delivery.',
    titleOf: (name) => `${name} – ${SITE}`,
    departmentDescription: (department) => `Shop ${department} at ${SITE}: ${SERVICE_EN}`,
    categoryDescription: (category, department) => `${category} in ${department} at ${SITE}: ${SERVICE_EN}`,
    searchTitle: (query) => `${query} – Search – ${SITE}`,
    searchDescription: (query) => `Products matching “${query}” at ${SITE}.`,
    notFoundTitle: `We could not find that page – ${SITE}`,
  },
  ar: {
    siteName: SITE,
    home: 'الرئيسية',
    homeTitle: `${SITE} – التسوق عبر الإنترنت في مصر`,
    homeDescription: `${SITE}: تسوّق الإلكترونيات والأزياء ومستلزمات المنزل وأكثر في كل مصر، بأسعار بالجنيه المصري والدفع عند الاستلام.`,
    aboutTitle: `من نحن – ${SITE}`,
    aboutDescription:
      'متجر إلكتروني صُمّم لمصر: أسعار عادلة بالجنيه المصري، وتوصيل إلى كل المحافظات، وحرية الاختيار بين الدفع بالبطاقة والدفع عند الاستلام.',
    titleOf: (name) => `${name} – ${SITE}`,
    departmentDescription: (department) => `تسوّق ${department} من ${SITE}: ${SERVICE_AR}`,
    categoryDescription: (category, department) => `${category} في ${department} من ${SITE}: ${SERVICE_AR}`,
    searchTitle: (query) => `${query} – البحث – ${SITE}`,
    searchDescription: (query) => `منتجات تطابق «${query}» في ${SITE}.`,
    notFoundTitle: `لم نتمكن من العثور على هذه الصفحة – ${SITE}`,
  },
};
