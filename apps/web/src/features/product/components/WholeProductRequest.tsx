import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../api/errors';
import { CheckCircleIcon } from '../../../components/icons';
import { useTranslation } from '../../../i18n/useTranslation';
import { useSession } from '../../auth';
import { useChangeBackInStockMutation, useGetBackInStockQuery } from '../api/backInStockApi';
import { requestFor, useWaitingLine } from '../backInStock';

/**
 * A "notify me" asked for the product as one thing, before it had options: it waits for any option to be back
 * (back-in-stock.md), whichever option is chosen, so it is shown, and can be cancelled, beside the picker whatever
 * the choice. It cannot be asked again: a product with options is asked for by its variant (BackInStockButton).
 */
export function WholeProductRequest({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const { isSignedIn } = useSession();
  const { data } = useGetBackInStockQuery(productId, { skip: !isSignedIn });
  const [change, changing] = useChangeBackInStockMutation();
  const request = requestFor(data, undefined);
  const waitingLine = useWaitingLine()(request);
  const [cancelled, setCancelled] = useState(false);
  const done = useRef<HTMLParagraphElement>(null);
  // The cancel button goes with the request: the focus moves to the line saying so.
  useEffect(() => {
    if (cancelled) done.current?.focus();
  }, [cancelled]);

  if (cancelled)
    return (
      <p ref={done} tabIndex={-1} role="status" className="w-100 small mb-0">
        {t('product.backInStock.cancelled')}
      </p>
    );
  if (!request) return null;
  const failed = errorMessage(changing.error);
  const onCancel = () =>
    void change({ productId, variantId: undefined, waiting: false })
      .unwrap()
      .then(() => setCancelled(true))
      .catch(() => {});
  return (
    <div className="back-in-stock w-100">
      {/* One paragraph, the icon beside it: the line wraps under its own start, the Cancel after its last word. */}
      <div className="d-flex align-items-baseline gap-2">
        <CheckCircleIcon className="text-success flex-shrink-0 align-self-center" />
        <p className="mb-0">
          <span className="fw-semibold">{waitingLine}</span>{' '}
          <span className="text-body-secondary">{t('product.backInStock.anyOption')}</span>{' '}
          <button
            type="button"
            className="btn btn-link p-0 align-baseline tap-inline"
            disabled={changing.isLoading}
            onClick={onCancel}
          >
            {t('product.backInStock.cancel')}
          </button>
        </p>
      </div>
      {failed && (
        <p role="alert" className="small text-danger mt-2 mb-0">
          {failed}
        </p>
      )}
    </div>
  );
}
