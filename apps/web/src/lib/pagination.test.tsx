import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pagination } from '../components/Pagination';
import { clampPage, hasNext, hasPrevious, pageFromParam } from './pagination';

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
});

describe('Pagination', () => {
  it('disables Prev on the first page and moves forward with Next', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={1} pages={3} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: /Prev/ })).toBeDisabled();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('disables Next on the last page and moves back with Prev', async () => {
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
