// The money helpers are defined once, in contracts (the web app sums carts with them too).
export { toEgp, toPiastres } from '@shop/contracts';
