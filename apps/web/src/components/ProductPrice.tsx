import { toPiastres } from '@shop/contracts';
import { intlLocale } from '../i18n';
import { useTranslation } from '../i18n/useTranslation';
import { formatPrice } from '../lib/format';
import { Price } from './Price';

/**
 * A product's price; on sale, the old price struck through after it and what the shopper saves. A screen
 * reader does not announce a strike-through, so the old price is introduced in words ("was"). A product sold in
 * variants shows its lowest price as "From EGP 250", with that variant's sale; once the choice leaves one price
 * (a variant chosen, or options whose variants cost the same), that price (priceOfChoice).
 */
export function ProductPrice({
  price,
  compareAtPrice,
  className,
  from = false,
}: {
  price: number;
  compareAtPrice: number | null;
  className?: string;
  /** The lowest of several (the variants a shopper's choice still leaves open differ in price): "From EGP 250". */
  from?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const onSale = compareAtPrice !== null && compareAtPrice > price;
  const lead = from && (
    <>
      <span className="price-from">{t('product.fromPrice')}</span>{' '}
    </>
  );
  if (!onSale)
    return lead ? (
      <span className={className}>
        {lead}
        <Price value={price} />
      </span>
    ) : (
      <Price value={price} className={className} />
    );
  const saving = (toPiastres(compareAtPrice) - toPiastres(price)) / 100;
  const percent = Math.round((saving / compareAtPrice) * 100);
  return (
    <span className={`sale-price ${className ?? ''}`}>
      {lead}
      <Price value={price} />{' '}
      <s className="sale-price-was">
        <span className="visually-hidden">{t('product.was')} </span>
        <Price value={compareAtPrice} />
      </s>{' '}
      <span className="sale-price-saving">
        {t('product.save', { amount: formatPrice(saving, intlLocale(i18n.language)), percent })}
      </span>
    </span>
  );
}
