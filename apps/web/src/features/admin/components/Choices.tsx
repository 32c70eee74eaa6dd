import type { Ref } from '@shop/contracts';
import { useLocalized, type Named } from '../../../i18n/localized';

interface ChoicesProps<T extends Ref & Named> {
  placeholder: string;
  items?: T[];
  label?: (item: T) => string;
}

/** A select's options: an empty first choice that asks for one (and fails 'Required Field'), then the records. */
export function Choices<T extends Ref & Named>({ placeholder, items, label }: ChoicesProps<T>) {
  const local = useLocalized();
  return (
    <>
      <option value="">{placeholder}</option>
      {items?.map((item) => (
        <option key={item._id} value={item._id}>
          {label ? label(item) : local.name(item).text}
        </option>
      ))}
    </>
  );
}
