import { Fragment } from 'react';

/**
 * An e-mail address that a narrow column breaks before its @ or a dot (a word break opportunity there), rather than
 * inside a word ("example.co" / "m"); a part too long for the column alone still breaks where it must (text-break).
 */
export function EmailAddress({ address }: { address: string }) {
  const parts = address.split(/(?=[@.])/);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
