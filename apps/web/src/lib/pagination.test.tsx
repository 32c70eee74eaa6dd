import { describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Pagination } from '../components/Pagination';
import { clampPage, hasNext, hasPrevious, pageFromParam, withPage } from './pagination';

describe('pagination bounds', () => {
  it('keeps the page between 1 and the page count', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(-3, 5)).toBe(1);
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(2, 0)).toBe(1);
    expect(clampPage(Number.NaN, 5)).toBe(1);
  });

  it('has no previous page at 1 and no next page at the last', () => {
    expect(hasPrevious(1)).toBe(false);
    expect(hasPrevious(2)).toBe(true);
    expect(hasNext(4, 5)).toBe(true);
    expect(hasNext(5, 5)).toBe(false);
  });

  it('reads ?page= as a positive whole number, page 1 otherwise', () => {
    expect(pageFromParam(null)).toBe(1);
    expect(pageFromParam('3')).toBe(3);
    expect(pageFromParam('0')).toBe(1);
    expect(pageFromParam('2.5')).toBe(1);
    expect(pageFromParam('abc')).toBe(1);
  });

  it('writes ?page= with the other parameters kept, and none for page 1', () => {
    expect(withPage('?sortBy=x', 2).toString()).toBe('sortBy=x&page=2');
    expect(withPage('?page=3&sortBy=x', 1).toString()).toBe('sortBy=x');
  });
});

/** Renders the pager at `url` in a router (under `basename`, as the Arabic pages are), to follow its links. */
function renderAt(url: string, element: ReactElement, basename?: string) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [url], basename });
  render(<RouterProvider router={router} />);
  return router;
}

const step = (name: RegExp) => screen.getByRole('link', { name });

describe('Pagination', () => {
  it('links to the next page on the same address, keeping its other parameters; Prev is off on the first page', async () => {
    const onFollow = vi.fn();
    const router = renderAt('/department/d1?sortBy=x', <Pagination page={1} pages={3} onFollow={onFollow} />);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    // Off: a link to nowhere would be focusable and announced as one that works.
    expect(step(/Prev/)).toHaveAttribute('aria-disabled', 'true');
    expect(step(/Prev/)).not.toHaveAttribute('href');
    expect(step(/Prev/).tabIndex).toBe(-1);
    expect(step(/Next/)).toHaveAttribute('href', '/department/d1?sortBy=x&page=2');

    await userEvent.click(step(/Next/));
    expect(router.state.location).toMatchObject({ pathname: '/department/d1', search: '?sortBy=x&page=2' });
    expect(onFollow).toHaveBeenCalledWith(2);
  });

  it('on the last page Next is off, and Prev to page 1 leaves page out of the address', () => {
    renderAt('/?page=3', <Pagination page={3} pages={3} />);
    expect(step(/Next/)).toHaveAttribute('aria-disabled', 'true');
    expect(step(/Prev/)).toHaveAttribute('href', '/?page=2');
  });

  it('links within the Arabic pages', () => {
    renderAt('/ar?page=2', <Pagination page={2} pages={3} />, '/ar');
    expect(step(/Prev/)).toHaveAttribute('href', '/ar');
    expect(step(/Next/)).toHaveAttribute('href', '/ar?page=3');
  });

  it('turns a list whose page is no address (a dialog’s) with buttons', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={3} pages={3} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /Prev/ }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('shows nothing when there is a single page', () => {
    const { container } = render(<Pagination page={1} pages={1} onPageChange={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });
});
