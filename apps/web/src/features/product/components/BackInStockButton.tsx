import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../../api/errors';
import { useAppDispatch } from '../../../app/hooks';
import { BellIcon, CheckCircleIcon } from '../../../components/icons';
import { useTranslation } from '../../../i18n/useTranslation';
import { paths } from '../../../lib/paths';
import { comingBackTo, signedInNow, useSession } from '../../auth';
import { useChangeBackInStockMutation, useGetBackInStockQuery, type Wanted } from '../api/backInStockApi';
import { requestFor, useWaitingLine } from '../backInStock';

/**
 * "Notify me when it's back" beside the disabled Add to Cart of something out of stock (a product, or the variant
 * chosen). A shopper asks with one tap and is told once, by the channel the shop reaches them on, which the waiting
 * line names with the address (partly hidden) as the server's sender will use it; a visitor is sent to sign in and
 * comes back to the product. What changes is said in a live region, and the focus moves to the
 * control that replaced the one pressed.
 */
export function BackInStockButton({ productId, variantId }: Wanted) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const { isSignedIn } = useSession();
  const { data } = useGetBackInStockQuery(productId, { skip: !isSignedIn });
  const [change, changing] = useChangeBackInStockMutation();
  const request = requestFor(data, variantId);
  const waiting = Boolean(request);
  const waitingLine = useWaitingLine()(request);
  // Said once the shopper cancels: the waiting line it replaces said the rest.
  const [cancelled, setCancelled] = useState(false);
  const [moved, setMoved] = useState(false);
  const askButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const busy = changing.isLoading;
  const failed = errorMessage(changing.error);

  useEffect(() => {
    if (!moved) return;
    (waiting ? cancelButton : askButton).current?.focus();
    setMoved(false);
  }, [moved, waiting]);
  // Another variant chosen: what was said of the last one is not this one's.
  useEffect(() => setCancelled(false), [variantId]);

  const onAsk = () => {
    if (!dispatch(signedInNow())) return void navigate(paths.login, { state: comingBackTo(location) });
    setCancelled(false);
    void change({ productId, variantId, waiting: true })
      .unwrap()
      .then(() => setMoved(true))
      .catch(() => {});
  };
  const onCancel = () =>
    void change({ productId, variantId, waiting: false })
      .unwrap()
      .then(() => {
        setCancelled(true);
        setMoved(true);
      })
      .catch(() => {});

  return (
    <div className="back-in-stock w-100">
      {waiting ? (
        <div className="d-flex flex-wrap align-items-center gap-2">
          <CheckCircleIcon className="text-success" />
          <span className="fw-semibold">{waitingLine}</span>
          <button ref={cancelButton} type="button" className="btn btn-link px-1" disabled={busy} onClick={onCancel}>
            {t('product.backInStock.cancel')}
          </button>
        </div>
      ) : (
        <button ref={askButton} type="button" className="btn btn-outline-primary" disabled={busy} onClick={onAsk}>
          <BellIcon className="me-2" />
          {t('product.backInStock.ask')}
        </button>
      )}
      <p role="status" className="visually-hidden">
        {waiting ? waitingLine : cancelled ? t('product.backInStock.cancelled') : ''}
      </p>
      {failed && (
        <p role="alert" className="small text-danger mt-2 mb-0">
          {failed}
        </p>
      )}
    </div>
  );
}
