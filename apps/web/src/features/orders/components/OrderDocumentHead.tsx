import { useId, type ReactNode } from 'react';
import { orderRef } from '@shop/contracts';
import { Logo } from '../../../components/Logo';
import { intlLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/useTranslation';
import { formatDate } from '../../../lib/format';

interface Props {
  /** Which paper: it names the classes of its stylesheet (styles/invoice.css, styles/packing-slip.css). */
  kind: 'invoice' | 'packing-slip';
  title: string;
  /** Its title's id, which the document is labelled by: a page may hold several documents (the packing slips). */
  titleId: string;
  /** Its title's heading level: 2 where it is one of several documents under the page's own title. */
  level?: 1 | 2;
  order: { _id: string; createdAt: string };
  /** The labels of its number and date, then the facts that follow them. */
  facts: { number: string; date: string; more?: [string, ReactNode][] };
  addressLabel: string;
  /** The delivery address's lines (AddressLines). */
  address: ReactNode;
}

/**
 * The head of an order on paper (the shopper's invoice, the parcel's packing slip): the shop, the document's title
 * and number, the order's facts, and where it goes. The two differ in their words and look, not in their structure.
 */
export function OrderDocumentHead({ kind, title, titleId, level = 1, order, facts, addressLabel, address }: Props) {
  const { i18n } = useTranslation();
  const Title = level === 1 ? 'h1' : 'h2';
  const Section = level === 1 ? 'h2' : 'h3';
  const addressId = useId();
  const ref = orderRef(order._id);
  return (
    <>
      <header className={`${kind}-head`}>
        <Logo dark className={`${kind}-logo`} />
        <Title id={titleId} className={`${kind}-title`}>
          {title} <span dir="ltr">#{ref}</span>
        </Title>
      </header>
      <div className={`${kind}-parties`}>
        <dl className={`${kind}-facts`}>
          <div>
            <dt>{facts.number}</dt>
            <dd dir="ltr">#{ref}</dd>
          </div>
          <div>
            <dt>{facts.date}</dt>
            <dd>
              <time dateTime={order.createdAt}>{formatDate(order.createdAt, intlLocale(i18n.language))}</time>
            </dd>
          </div>
          {facts.more?.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <section className={`${kind}-address`} aria-labelledby={addressId}>
          <Section id={addressId} className={`${kind}-label`}>
            {addressLabel}
          </Section>
          <address>{address}</address>
        </section>
      </div>
    </>
  );
}
