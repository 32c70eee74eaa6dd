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
    <div className={`card ${cardClassName} h-100`} aria-hidden="true">
      <div className={`${imageClassName} placeholder-glow`}>
        <span className="placeholder w-100 h-100 bg-secondary" />
      </div>
      <div className="card-body">
        <div className="card-title h5 placeholder-glow">
          <span className="placeholder col-7 bg-secondary" />
        </div>
        <p className="placeholder-glow mb-0">
          <span className="placeholder col-4 bg-secondary" />
        </p>
      </div>
    </div>
  );
}
