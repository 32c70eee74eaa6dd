import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { isGovernorate, RETURN_WINDOW_DAYS, type Governorate, type ProductDetail } from '@shop/contracts';
import { BoxIcon, ReturnIcon, ShieldIcon, TruckIcon } from '../../../components/icons';
import { useLocalized } from '../../../i18n/localized';
import { useTranslation } from '../../../i18n/useTranslation';
import { paths } from '../../../lib/paths';
import { readJson, writeJson } from '../../../lib/storage';
import { useGetDeliveryDaysQuery } from '../../shop';
import { useGovernorateNames } from '../../../i18n/useGovernorateNames';

/** The governorate the shopper chose last on a product page, kept in the browser. */
const GOVERNORATE_KEY = 'deliveryGovernorate';
/** Before a choice: the capital, where most of the shop's orders go (and what the server renders). */
const DEFAULT_GOVERNORATE: Governorate = 'Cairo';

/**
 * What the shopper can count on before buying: when it arrives in their governorate, that they may open the parcel
 * before accepting it where the shop allows it, that it can be sent back within the legal window, and the product's
 * warranty when it states one. Nothing is promised about delivering what cannot be bought: while the product (or the
 * variant chosen) is out of stock, its delivery is not mentioned.
 */
export function ProductPromises({ product, inStock }: { product: ProductDetail; inStock: boolean }) {
  const { t } = useTranslation();
  const local = useLocalized();
  const warranty = local.warranty(product);

  return (
    <ul className="product-promises list-unstyled my-3">
      {inStock && <DeliveryPromise product={product} />}
      {inStock && <OpenBeforeAcceptingPromise />}
      <li>
        <ReturnIcon size={20} className="product-promise-icon" />
        <span>
          <Link to={paths.shopPage('returns')} className="fw-semibold tap-inline">
            {t('product.promise.returns', { count: RETURN_WINDOW_DAYS })}
          </Link>
          <span className="d-block small text-body-secondary">{t('product.promise.returnsDetail')}</span>
        </span>
      </li>
      {warranty && (
        <li>
          <ShieldIcon size={20} className="product-promise-icon" />
          <span>
            <span className="fw-semibold">{t('product.promise.warranty')}</span>
            <span className="d-block small" lang={warranty.lang} dir={warranty.lang && 'auto'}>
              {warranty.text}
            </span>
          </span>
        </li>
      )}
    </ul>
  );
}

/** That the shopper may open the parcel at the door and see the goods before accepting it, when the shop says so. */
function OpenBeforeAcceptingPromise() {
  const { t } = useTranslation();
  const { data } = useGetDeliveryDaysQuery();
  if (!data?.openBeforeAccepting) return null;
  return (
    <li>
      <BoxIcon size={20} className="product-promise-icon" />
      <span>
        <span className="fw-semibold">{t('product.promise.openBeforeAccepting')}</span>
        <span className="d-block small text-body-secondary">{t('product.promise.openBeforeAcceptingDetail')}</span>
      </span>
    </li>
  );
}

/**
 * When the product arrives in the shopper's governorate: the shop's delivery days for the governorate chosen here,
 * remembered in the browser, and whether cash on delivery may pay for it.
 */
function DeliveryPromise({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const { data } = useGetDeliveryDaysQuery();
  // The server renders the default; the shopper's own choice follows once the page is theirs.
  const [governorate, setGovernorate] = useState<Governorate>(DEFAULT_GOVERNORATE);
  useEffect(() => {
    const saved = readJson(GOVERNORATE_KEY);
    if (typeof saved === 'string' && isGovernorate(saved)) setGovernorate(saved);
  }, []);
  const choose = (value: string) => {
    if (!isGovernorate(value)) return;
    setGovernorate(value);
    writeJson(GOVERNORATE_KEY, value);
  };
  // A range is counted by its end: Arabic's noun agrees with the last number ("2–4 أيام", "7–14 يومًا"), and a
  // range ending at one or two days is said in words ("يوم أو يومين"). One from today is an upper bound ("within").
  const days = data?.days.find((entry) => entry.governorate === governorate);
  const { options: governorates } = useGovernorateNames();

  return (
    <li>
      <TruckIcon size={20} className="product-promise-icon" />
      <span>
        <span className="fw-semibold">
          {!days
            ? t('product.promise.delivery')
            : days.minDays === days.maxDays
              ? t('product.promise.arrivesIn', { count: days.maxDays })
              : days.minDays === 0 && days.maxDays > 1
                ? t('product.promise.arrivesWithin', { count: days.maxDays })
                : t('product.promise.arrivesBetween', { min: days.minDays, count: days.maxDays })}
        </span>{' '}
        <label htmlFor="delivery-governorate" className="visually-hidden">
          {t('product.promise.governorate')}
        </label>
        <select
          id="delivery-governorate"
          className="product-promise-select tap-inline"
          value={governorate}
          onChange={(event) => choose(event.target.value)}
        >
          {governorates.map(({ value, name }) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
        </select>
        <span className="d-block small text-body-secondary">
          {t(product.cod ? 'product.codAvailable' : 'product.codUnavailable')}
        </span>
      </span>
    </li>
  );
}
