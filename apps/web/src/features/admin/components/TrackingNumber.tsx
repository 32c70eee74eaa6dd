/** A parcel's tracking number, linked to the courier's page when it has one; a code, left to right in either language. */
export function TrackingNumber({ number, url }: { number: string; url: string | null }) {
  return url ? (
    <a href={url} target="_blank" rel="noreferrer" dir="ltr" className="tap-inline">
      {number}
    </a>
  ) : (
    <bdi dir="ltr">{number}</bdi>
  );
}
