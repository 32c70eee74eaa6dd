import { useState } from 'react';
import { notifyOutcome } from './notifyOutcome';

/**
 * What a ConfirmDialog asks about, and its confirmation: `act` on the item, its outcome toasted. Done, `then` runs, the
 * dialog closes and `confirm` answers true, so focus goes to the dialog's `focusAfterDone`; refused, the dialog stays
 * open with the reason in the toast. `ask(null)` closes it unasked.
 */
export function useConfirmed<T>(
  act: (item: T) => Promise<unknown>,
  success: string | ((item: T) => string),
  then?: (item: T) => void,
) {
  const [asked, ask] = useState<T | null>(null);
  const confirm = async () => {
    if (asked === null) return false;
    const said = typeof success === 'string' ? success : success(asked);
    if (!(await notifyOutcome(act(asked), said))) return false;
    then?.(asked);
    ask(null);
    return true;
  };
  return { asked, ask, confirm };
}
