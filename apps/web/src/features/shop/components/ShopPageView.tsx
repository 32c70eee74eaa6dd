import Alert from 'react-bootstrap/Alert';
import Placeholder from 'react-bootstrap/Placeholder';
import { useParams } from 'react-router';
import { isShopPage, summary, type ShopPage, type ShopPageName } from '@shop/contracts';
import { PageHead } from '../../../components/PageHead';
import { useTranslation } from '../../../i18n/useTranslation';
import { paths } from '../../../lib/paths';
import { useGetShopPageQuery } from '../api/shopApi';
import { pageBlocks } from '../pageText';

/** One of the shop's pages (/pages/delivery, /ar/pages/returns, …), as the owner wrote it in the page's language. */
export function ShopPageView() {
  const { t } = useTranslation();
  const { page = '' } = useParams();
  return (
    <div className="container-lg py-4 shop-page">
      {isShopPage(page) ? <ShopPageOf page={page} /> : <Alert variant="warning">{t('errors.notFoundTitle')}</Alert>}
    </div>
  );
}

function ShopPageOf({ page }: { page: ShopPageName }) {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useGetShopPageQuery(page);
  if (isLoading)
    return (
      <div role="status" aria-label={t('common.loading')}>
        <Placeholder as="h1" animation="glow">
          <Placeholder xs={5} />
        </Placeholder>
        <Placeholder as="p" animation="glow">
          <Placeholder xs={10} /> <Placeholder xs={8} /> <Placeholder xs={9} />
        </Placeholder>
      </div>
    );
  if (isError || !data) return <Alert variant="danger">{t('common.loadFailed')}</Alert>;
  return <PageText page={data} />;
}

function PageText({ page }: { page: ShopPage }) {
  const { t, i18n } = useTranslation();
  const arabic = i18n.language === 'ar';
  const title = arabic ? page.titleAr : page.title;
  const body = arabic ? page.bodyAr : page.body;
  return (
    <article className="shop-page-text">
      <PageHead
        title={t('shopPages.documentTitle', { title })}
        description={summary(body)}
        path={paths.shopPage(page.page)}
      />
      <h1 className="h2 mb-4">{title}</h1>
      {pageBlocks(body).map((block, index) =>
        block.kind === 'heading' ? (
          <h2 key={index} className="h5 mt-4">
            {block.text}
          </h2>
        ) : block.kind === 'list' ? (
          <ul key={index}>
            {block.items.map((item, at) => (
              <li key={at}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={index}>{block.text}</p>
        ),
      )}
    </article>
  );
}
