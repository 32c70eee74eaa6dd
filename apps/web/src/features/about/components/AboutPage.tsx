import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useTranslation } from '../../../i18n/useTranslation';
import { PageHead } from '../../../components/PageHead';
import { paths } from '../../../lib/paths';
import { BuildingIcon, HeartIcon, LeafIcon, TruckIcon, UserIcon } from '../../../components/icons';

/** Five sections in this order. */
const SECTIONS = [
  { key: 'whoWeAre', icon: UserIcon },
  { key: 'whatWeDo', icon: TruckIcon },
  { key: 'workplace', icon: BuildingIcon },
  { key: 'impact', icon: HeartIcon },
  { key: 'planet', icon: LeafIcon },
] as const;

export function AboutPage() {
  const { t } = useTranslation();
  return (
    <div className="about-page">
      <PageHead title={t('about.title')} description={t('about.lead')} path={paths.about} />
      <header className="about-hero text-center">
        <div className="container-lg py-5">
          <h1 className="display-5 fw-bold">{t('about.heading')}</h1>
          <p className="lead mb-0 mx-auto about-lead">{t('about.lead')}</p>
        </div>
      </header>
      <div className="container-lg py-5">
        <Row className="g-4">
          {SECTIONS.map(({ key, icon: Icon }, index) => (
            <Col as="section" key={key} md={6} lg={index < 2 ? 6 : 4} aria-labelledby={`about-${key}`}>
              <div className="about-section h-100">
                <span className="about-icon" aria-hidden="true">
                  <Icon size={26} />
                </span>
                <h2 id={`about-${key}`} className="h4 mt-3">
                  {t(`about.sections.${key}.title`)}
                </h2>
                <p className="text-body-secondary mb-0">{t(`about.sections.${key}.text`)}</p>
              </div>
            </Col>
          ))}
        </Row>
      </div>
    </div>
  );
}
