import type { ReactNode } from 'react';

interface ChoiceCardProps {
  id: string;
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  onChoose: () => void;
  icon: ReactNode;
  /** The radio's name for screen readers. */
  label: ReactNode;
  description?: ReactNode;
  /** Why the choice is disabled. */
  reason?: string;
}

/**
 * A radio drawn as a card. The label stretches over the whole card (CSS), so the card is one
 * large target on a phone, while the radio's accessible name stays the label alone.
 */
export function ChoiceCard({
  id,
  name,
  value,
  checked,
  disabled = false,
  onChoose,
  icon,
  label,
  description,
  reason,
}: ChoiceCardProps) {
  const describedBy = [description ? `${id}-text` : '', reason ? `${id}-reason` : ''].join(' ').trim() || undefined;
  return (
    <div className={`choice-card${checked ? ' is-checked' : ''}${disabled ? ' is-disabled' : ''}`}>
      <input
        type="radio"
        className="form-check-input mt-1 flex-shrink-0"
        id={id}
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={onChoose}
      />
      <span className="choice-card-icon" aria-hidden="true">
        {icon}
      </span>
      <span className="min-w-0 flex-grow-1">
        <label htmlFor={id} className="choice-card-label">
          {label}
        </label>
        {description && (
          <span id={`${id}-text`} className="d-block small text-body-secondary">
            {description}
          </span>
        )}
        {reason && (
          <span id={`${id}-reason`} className="d-block small text-danger-emphasis mt-1">
            {reason}
          </span>
        )}
      </span>
    </div>
  );
}
