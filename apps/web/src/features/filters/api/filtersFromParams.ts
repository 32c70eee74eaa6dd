/*
 * The route loaders load this on demand: reading an address's filters takes their shared rules, zod schemas made
 * as their module loads, which the first page load's code goes without.
 */
export { filtersFromParams } from '@shop/contracts';
