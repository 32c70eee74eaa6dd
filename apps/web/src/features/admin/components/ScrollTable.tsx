import { useId, type ReactNode } from 'react';

interface ScrollTableProps {
  caption: string;
  className?: string;
  wrapperClassName?: string;
  children: ReactNode;
}

/**
 * A dashboard table that scrolls sideways inside its card on narrow screens instead of widening the
 * page. The scrolling box is a named, focusable region, so keyboard users can scroll it too; the
 * caption names both the table and the region.
 */
export function ScrollTable({
  caption,
  className = 'table dash-table align-middle mb-0',
  wrapperClassName,
  children,
}: ScrollTableProps) {
  const id = useId();
  return (
    <div
      className={['table-responsive', wrapperClassName].filter(Boolean).join(' ')}
      tabIndex={0}
      role="region"
      aria-labelledby={id}
    >
      <table className={className}>
        <caption id={id} className="visually-hidden">
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}
