import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ETA_ITEM_TYPES, type EtaItemType } from '@shop/contracts';
import { useTranslation } from '../../../i18n/useTranslation';
import { useGetEtaProductCodeQuery, useSaveEtaProductCodeMutation } from '../api/etaApi';
import { notifyOutcome } from '../notifyOutcome';

/**
 * A product's code at the Tax Authority, as its e-receipt lines name it: its GS1 barcode, or the EGS code the shop
 * registered. Its own small form beside the product's, saved on its own.
 */
export function EtaProductCode({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const { data } = useGetEtaProductCodeQuery(productId);
  const [save, { isLoading }] = useSaveEtaProductCodeMutation();
  const [edited, setEdited] = useState<{ itemType: EtaItemType; itemCode: string } | null>(null);
  const value = edited ?? data ?? { itemType: 'EGS' as const, itemCode: '' };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await notifyOutcome(save({ id: productId, code: value }).unwrap(), t('admin.eta.codeSaved'))) setEdited(null);
  };

  return (
    <section className="dash-card mt-3" aria-labelledby="eta-code-title">
      <h2 id="eta-code-title" className="dash-card-title">
        {t('admin.eta.productCode')}
      </h2>
      <p className="small text-body-secondary">{t('admin.eta.productCodeHint')}</p>
      <Form className="d-flex flex-wrap gap-2 align-items-end" onSubmit={(event) => void submit(event)}>
        <Form.Group controlId="eta-item-type">
          <Form.Label>{t('admin.eta.itemType')}</Form.Label>
          <Form.Select
            value={value.itemType}
            onChange={(event) => setEdited({ ...value, itemType: event.target.value as EtaItemType })}
          >
            {ETA_ITEM_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="eta-item-code" className="flex-grow-1">
          <Form.Label>{t('admin.eta.itemCode')}</Form.Label>
          <Form.Control
            dir="ltr"
            maxLength={100}
            value={value.itemCode}
            onChange={(event) => setEdited({ ...value, itemCode: event.target.value })}
          />
        </Form.Group>
        <Button type="submit" variant="outline-primary" disabled={isLoading || !edited}>
          {t('admin.eta.saveCode')}
        </Button>
      </Form>
    </section>
  );
}
