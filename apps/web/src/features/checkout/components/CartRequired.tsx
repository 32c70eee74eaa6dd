import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { PageLoader } from '../../../components/PageLoader';
import { useTranslation } from '../../../i18n/useTranslation';
import { useCart } from '../../cart';
import { paths } from '../../../lib/paths';

/**
 * The checkout steps (address, payment, review) go on only with something in the server cart, which the order is
 * made from: a shopper who types a step's address, or empties the cart in another tab, is told so instead of
 * choosing an address and a way to pay for nothing. The cart is read afresh as each step mounts.
 */
export function CartRequired({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { data: cart, isFetching, isError } = useCart();
  // useCart reads the cart again as the step mounts; only that read's answer counts. Before it starts, the cache may
  // hold an older empty cart (or error), which must not show the notice for a moment before the items arrive.
  const [readSeen, setReadSeen] = useState(isFetching);
  if (isFetching && !readSeen) setReadSeen(true);
  const read = readSeen && !isFetching;
  // Once that read has found items, the step stays: the order placed from it empties the cart, read again as the
  // review moves on to /success, and the shopper must not be told the cart is empty meanwhile.
  const [hadItems, setHadItems] = useState(false);
  if (read && cart?.products.length && !hadItems) setHadItems(true);
  if (cart?.products.length || hadItems) return children;
  if (!read) return <PageLoader />;
  // A cart that could not be read leaves the step to say so; the server refuses an empty cart's order anyway.
  if (isError || !cart) return children;
  return (
    <EmptyState title={t('checkout.cart.empty')}>
      <p className="mb-3">{t('checkout.cart.emptyCheckout')}</p>
      <Link to={paths.home} className="btn btn-primary">
        {t('checkout.cart.shop')}
      </Link>
    </EmptyState>
  );
}
