import type { ReactNode } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';

interface FilterSheetProps {
  show: boolean;
  onHide: () => void;
  labelledBy: string;
  children: ReactNode;
}

/**
 * The filter panel as react-bootstrap's responsive Offcanvas: beside the list from lg up, a bottom sheet below (a
 * modal dialog: focus kept inside and given back, Escape and the backdrop close it). Loaded on the first tap of
 * "Filters" (FilteredList): until then the panel is the same element without the library.
 */
export function FilterSheet({ show, onHide, labelledBy, children }: FilterSheetProps) {
  return (
    <Offcanvas
      responsive="lg"
      placement="bottom"
      show={show}
      onHide={onHide}
      // The sheet is a dialog on phones; beside the list (lg) it is the same element, which its label needs a role for.
      role="dialog"
      aria-labelledby={labelledBy}
      className="filters-sheet"
    >
      {children}
    </Offcanvas>
  );
}
