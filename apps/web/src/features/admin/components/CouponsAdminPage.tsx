import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { formatPrice, type Coupon } from '@shop/contracts';
import { PencilIcon, PlusIcon } from '../../../components/icons';
import { Price } from '../../../components/Price';
import { intlLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { useGetCouponsQuery, useGetCouponUsesQuery, usePauseCouponMutation } from '../api/couponsApi';
import { couponState, type CouponState } from '../couponForm';
import { formatDateTime } from '../format';
import { notifyOutcome } from '../notifyOutcome';
import { CouponFormModal } from './CouponFormModal';
import { Contact } from './Contact';
import { OrderNumber } from './OrderNumber';
import { PageHeader } from './PageHeader';
import { QueryState } from './QueryState';
import { ScrollTable } from './ScrollTable';
import { StatusBadge } from './StatusBadge';

type Editing = { coupon?: Coupon } | null;

const STATE_COLOURS: Record<CouponState, string> = {
  active: 'success',
  paused: 'secondary',
  scheduled: 'info',
  expired: 'dark',
  usedUp: 'warning',
};

/** Coupons: every code with what it takes off, its rules, how often it was used; create, edit, pause. */
export function CouponsAdminPage() {
  const { t } = useTranslation();
  const query = useGetCouponsQuery();
  const [editing, setEditing] = useState<Editing>(null);
  const [usesOf, setUsesOf] = useState<Coupon | null>(null);

  const table = (coupons: Coupon[]) => (
    <ScrollTable
      caption={t('admin.coupons.title')}
      className="table dash-table dash-table-cards coupons-table align-middle mb-0"
    >
      <thead>
        <tr>
          <th scope="col">{t('admin.coupons.code')}</th>
          <th scope="col">{t('admin.coupons.discount')}</th>
          <th scope="col">{t('admin.coupons.rules')}</th>
          <th scope="col" className="text-end">
            {t('admin.coupons.uses')}
          </th>
          <th scope="col">{t('admin.coupons.state')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('admin.common.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {coupons.map((coupon) => (
          <CouponRow
            key={coupon._id}
            coupon={coupon}
            onEdit={() => setEditing({ coupon })}
            onUses={() => setUsesOf(coupon)}
          />
        ))}
      </tbody>
    </ScrollTable>
  );

  return (
    <>
      <PageHeader title={t('admin.coupons.title')} subtitle={t('admin.coupons.subtitle')}>
        <Button variant="primary" onClick={() => setEditing({})}>
          <PlusIcon className="me-1" aria-hidden="true" />
          {t('admin.coupons.add')}
        </Button>
      </PageHeader>
      <section className="dash-card p-0">
        <QueryState
          query={query}
          within="card"
          empty={{ title: t('admin.coupons.none'), hint: t('admin.coupons.noneHint') }}
        >
          {table}
        </QueryState>
      </section>
      {editing && <CouponFormModal coupon={editing.coupon} onClose={() => setEditing(null)} />}
      <CouponUsesDialog coupon={usesOf} onClose={() => setUsesOf(null)} />
    </>
  );
}

function CouponRow({ coupon, onEdit, onUses }: { coupon: Coupon; onEdit: () => void; onUses: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const [pause, { isLoading: pausing }] = usePauseCouponMutation();
  const state = couponState(coupon, new Date());
  const rules = [
    coupon.minOrder !== null && t('admin.coupons.minOrderRule', { amount: formatPrice(coupon.minOrder, locale) }),
    coupon.maxDiscount !== null &&
      t('admin.coupons.maxDiscountRule', { amount: formatPrice(coupon.maxDiscount, locale) }),
    coupon.startsAt && t('admin.coupons.fromRule', { date: formatDateTime(coupon.startsAt, locale) }),
    coupon.endsAt && t('admin.coupons.untilRule', { date: formatDateTime(coupon.endsAt, locale) }),
    coupon.perUserLimit !== null && t('admin.coupons.perUserRule', { count: coupon.perUserLimit }),
    coupon.departments.length + coupon.categories.length + coupon.products.length > 0 && t('admin.coupons.limitedRule'),
  ].filter((rule): rule is string => Boolean(rule));
  const togglePause = () =>
    void notifyOutcome(
      pause({ id: coupon._id, paused: !coupon.paused }).unwrap(),
      t(coupon.paused ? 'admin.coupons.resumed' : 'admin.coupons.paused', { code: coupon.code }),
    );
  return (
    <tr>
      <th scope="row" className="cell-code">
        <code className="fs-6 text-body" dir="ltr">
          {coupon.code}
        </code>
      </th>
      <td className="text-nowrap cell-discount">
        {coupon.value > 0 &&
          (coupon.kind === 'percent' ? (
            t('admin.coupons.percentOff', { value: coupon.value })
          ) : (
            <>
              <Price value={coupon.value} /> {t('admin.coupons.off')}
            </>
          ))}
        {coupon.freeShipping && (
          <Badge bg="light" text="dark" className="border ms-1">
            {t('admin.coupons.freeShippingBadge')}
          </Badge>
        )}
      </td>
      <td className="small coupon-conditions cell-rules">
        {rules.length ? rules.join(' · ') : t('admin.coupons.noRules')}
      </td>
      <td className="text-end text-nowrap cell-uses" data-label={t('admin.coupons.uses')}>
        {coupon.maxUses === null ? coupon.uses : t('admin.coupons.usesOf', { uses: coupon.uses, max: coupon.maxUses })}
      </td>
      <td className="cell-state">
        <Badge bg={STATE_COLOURS[state]}>{t(`admin.coupons.states.${state}`)}</Badge>
      </td>
      <td className="text-nowrap text-end cell-actions">
        <Button
          size="sm"
          variant="outline-primary"
          className="me-1"
          onClick={onEdit}
          aria-label={t('admin.coupons.editLabel', { code: coupon.code })}
        >
          <PencilIcon aria-hidden="true" />
        </Button>
        <Button size="sm" variant="outline-secondary" className="me-1" disabled={pausing} onClick={togglePause}>
          {coupon.paused ? t('admin.coupons.resume') : t('admin.coupons.pause')}
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={onUses}>
          {t('admin.coupons.seeUses')}
        </Button>
      </td>
    </tr>
  );
}

/** The orders that used a coupon, newest first. */
function CouponUsesDialog({ coupon, onClose }: { coupon: Coupon | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const uses = useGetCouponUsesQuery(coupon?._id ?? '', { skip: !coupon });
  return (
    <Modal
      show={Boolean(coupon)}
      onHide={onClose}
      centered
      size="lg"
      aria-labelledby="coupon-uses-title"
      scrollable
      className="dash-modal"
    >
      <Modal.Header closeButton closeLabel={t('admin.common.close')}>
        <Modal.Title id="coupon-uses-title" as="h2" className="h5">
          {t('admin.coupons.usesTitle', { code: coupon?.code ?? '' })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {/* Only this coupon's uses: the last coupon's stay in the cache while this one's load. */}
        <QueryState
          query={{ ...uses, data: uses.currentData }}
          within="dialog"
          lines={1}
          empty={{ title: t('admin.coupons.noUses') }}
        >
          {(uses) => (
            <ScrollTable caption={t('admin.coupons.usesTitle', { code: coupon?.code ?? '' })}>
              <thead>
                <tr>
                  <th scope="col">{t('admin.coupons.order')}</th>
                  <th scope="col">{t('admin.coupons.shopper')}</th>
                  <th scope="col">{t('admin.coupons.date')}</th>
                  <th scope="col">{t('admin.coupons.state')}</th>
                  <th scope="col" className="text-end">
                    {t('admin.coupons.discount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {uses.map((use) => (
                  <tr key={use.orderId}>
                    <td>
                      <OrderNumber id={use.orderId} />
                    </td>
                    <td className="text-break">
                      {use.userEmail || use.userPhone ? (
                        <Contact email={use.userEmail} phone={use.userPhone} />
                      ) : (
                        t('admin.coupons.deletedShopper')
                      )}
                    </td>
                    <td className="text-nowrap">{formatDateTime(use.createdAt, locale)}</td>
                    <td>
                      <StatusBadge status={use.status} />
                    </td>
                    <td className="text-end">
                      <Price value={use.discount} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          )}
        </QueryState>
      </Modal.Body>
    </Modal>
  );
}
