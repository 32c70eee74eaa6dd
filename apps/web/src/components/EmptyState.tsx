import type { ReactNode } from 'react';

/** A calm "nothing here" panel with an optional next step. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state text-center rounded-3 p-4 p-md-5">
      <p className="h5 mb-2">{title}</p>
      {children && <div className="text-body-secondary">{children}</div>}
    </div>
  );
}
