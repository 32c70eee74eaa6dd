import { shortId } from '../format';

/**
 * An order's number in a dashboard list, the whole id on hover. It is a code: its own direction keeps the
 * # in front on Arabic pages, and translate="no" keeps a number made only of letters from being translated.
 */
export function OrderNumber({ id }: { id: string }) {
  return (
    <span className="font-monospace text-nowrap" title={id} dir="ltr" translate="no">
      {shortId(id)}
    </span>
  );
}
