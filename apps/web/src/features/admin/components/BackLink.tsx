import { Link } from 'react-router';
import { ChevronStartIcon } from '../../../components/icons';

/** "Back to …" above a screen reached from a list: a 44 px target on phones, its margin on the line around it. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <p className="mb-2 small d-print-none">
      <Link to={to} className="d-inline-flex align-items-center gap-1 tap-inline">
        <ChevronStartIcon size={14} />
        {children}
      </Link>
    </p>
  );
}
