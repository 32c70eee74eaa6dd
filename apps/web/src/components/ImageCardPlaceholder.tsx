import Card from 'react-bootstrap/Card';
import Placeholder from 'react-bootstrap/Placeholder';

/**
 * The grey-bar stand-in of a picture card (a picture, a title and a line under it) while data loads;
 * the classes size it like the card it stands for.
 */
export function ImageCardPlaceholder({
  cardClassName,
  imageClassName,
}: {
  cardClassName: string;
  imageClassName: string;
}) {
  return (
    <Card className={`${cardClassName} h-100`} aria-hidden="true">
      <div className={`${imageClassName} placeholder-glow`}>
        <Placeholder className="w-100 h-100 bg-secondary" />
      </div>
      <Card.Body>
        <Placeholder as={Card.Title} animation="glow">
          <Placeholder xs={7} bg="secondary" />
        </Placeholder>
        <Placeholder as="p" animation="glow" className="mb-0">
          <Placeholder xs={4} bg="secondary" />
        </Placeholder>
      </Card.Body>
    </Card>
  );
}
