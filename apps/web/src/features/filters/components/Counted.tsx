import type { ReactNode } from 'react';

/** A choice's words with its count at the far end of the line. */
export function Counted({ children, count }: { children: ReactNode; count: number | undefined }) {
  return (
    <span className="filter-option-label">
      <span>{children}</span>
      {/* The space keeps the count a word of its own for a screen reader ("Apple 3", not "Apple3"). */}
      {count !== undefined && (
        <>
          {' '}
          <span className="filter-count">{count}</span>
        </>
      )}
    </span>
  );
}
