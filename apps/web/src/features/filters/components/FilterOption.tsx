import type { InputHTMLAttributes, ReactNode } from 'react';

type FilterOptionProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & { id: string; label: ReactNode };

/**
 * A box or a choice of the filter panel with its label, as Bootstrap draws one: react-bootstrap's Form.Check's
 * elements and classes without the library, which a list page would otherwise load and run as it starts.
 */
export function FilterOption({ id, label, type = 'checkbox', ...input }: FilterOptionProps) {
  return (
    <div className="filter-option form-check choice-row">
      <input {...input} type={type} id={id} className="form-check-input" />
      <label htmlFor={id} className="form-check-label">
        {label}
      </label>
    </div>
  );
}
