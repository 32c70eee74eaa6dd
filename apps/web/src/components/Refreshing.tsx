import type { ReactNode } from 'react';

/**
 * What a list shows while its next contents load: the previous ones, dimmed, and marked busy so that a screen reader
 * (and a test) knows they are about to change.
 */
export function Refreshing({ busy, className, children }: { busy: boolean; className?: string; children: ReactNode }) {
  const classes = [className, busy && 'is-refreshing'].filter(Boolean).join(' ');
  return (
    <div className={classes || undefined} aria-busy={busy}>
      {children}
    </div>
  );
}
