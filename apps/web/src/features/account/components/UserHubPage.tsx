import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, Navigate } from 'react-router';
import { useTranslation } from '../../../i18n/useTranslation';
import { BoxIcon, HeartIcon, UserIcon } from '../../../components/icons';
import { useSession } from '../../auth';
import { paths } from '../../../lib/paths';

const CARDS = [
  { to: paths.editProfile, icon: UserIcon, title: 'account.hub.profile', text: 'account.hub.profileText' },
  { to: paths.favourite, icon: HeartIcon, title: 'account.hub.favourite', text: 'account.hub.favouriteText' },
  { to: paths.orders, icon: BoxIcon, title: 'account.hub.orders', text: 'account.hub.ordersText' },
] as const;

/** /User: the shopper's hub. Visitors go home; an admin's account page is /EditProfile. */
export function UserHubPage() {
  const { t } = useTranslation();
  const { user, isAdmin } = useSession();
  if (!user) return <Navigate to={paths.home} replace />;
  if (isAdmin) return <Navigate to={paths.editProfile} replace />;
  return (
    <div className="container-lg py-4">
      <title>{t('account.hub.title')}</title>
      <h1 className="page-title">{t('account.hub.heading', { name: user.name })}</h1>
      <Row as="ul" xs={1} md={3} className="g-3 list-unstyled">
        {CARDS.map(({ to, icon: Icon, title, text }) => (
          <Col as="li" key={to}>
            <Card className="hub-card h-100">
              <Card.Body className="d-flex gap-3 align-items-start">
                <span className="hub-card-icon" aria-hidden="true">
                  <Icon size={28} />
                </span>
                <div>
                  <Card.Title as="h2" className="h5">
                    <Link to={to} className="stretched-link text-reset text-decoration-none">
                      {t(title)}
                    </Link>
                  </Card.Title>
                  <Card.Text className="text-body-secondary small mb-0">{t(text)}</Card.Text>
                </div>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
