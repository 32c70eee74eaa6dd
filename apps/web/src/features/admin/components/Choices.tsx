import type { Ref } from '@shop/contracts';

interface ChoicesProps<T extends Ref> {
  placeholder: string;
  items?: T[];
  label?: (item: T) => string;
}

/** A select's options: an empty first choice that asks for one (and fails 'Required Field'), then the records. */
export function Choices<T extends Ref>({ placeholder, items, label = (item) => item.name }: ChoicesProps<T>) {
  return (
    <>
      <option value="">{placeholder}</option>
      {items?.map((item) => (
        <option key={item._id} value={item._id}>
          {label(item)}
        </option>
      ))}
    </>
  );
}
