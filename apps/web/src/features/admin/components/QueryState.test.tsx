import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../i18n';
import { allOf, QueryState, type LoadingQuery } from './QueryState';

const query = <T,>(state: Partial<LoadingQuery<T>>): LoadingQuery<T> => ({
  isLoading: false,
  isError: false,
  refetch: vi.fn(),
  ...state,
});

function List({ state }: { state: LoadingQuery<string[]> }) {
  return (
    <QueryState query={state} empty={{ title: 'No coupons yet', hint: 'Add the first one.' }}>
      {(names) => (
        <ul>
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

afterEach(() => act(() => changeLanguage('en')));

describe('the states of a dashboard screen', () => {
  it('announces the load to screen readers in the reader’s language, and shows nothing else meanwhile', async () => {
    const { rerender } = render(<List state={query({ isLoading: true })} />);
    expect(screen.getByRole('status', { name: 'Loading…' })).toHaveTextContent('Loading…');
    expect(screen.queryByText('No coupons yet')).not.toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();

    await act(() => changeLanguage('ar'));
    rerender(<List state={query({ isLoading: true })} />);
    expect(screen.getByRole('status', { name: 'جارٍ التحميل…' })).toHaveTextContent('جارٍ التحميل…');
  });

  it('says a failed load failed, never as an empty list, and asks again on retry', async () => {
    const user = userEvent.setup();
    const failed = query<string[]>({ isError: true, data: [] });
    render(<List state={failed} />);
    expect(screen.getByText('We could not load this right now. Please try again in a moment.')).toBeInTheDocument();
    expect(screen.queryByText('No coupons yet')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });

  it('says what was asked for does not exist on a 404, where asking again would not help', () => {
    render(
      <QueryState
        query={query({ isError: true, error: { status: 404, data: { message: 'Order not found' } } })}
        notFound="There is no order with this number."
      >
        {() => <p>the order</p>}
      </QueryState>,
    );
    expect(screen.getByText('There is no order with this number.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('shows the screen’s own message when there is nothing to list', () => {
    render(<List state={query({ data: [] })} />);
    expect(screen.getByText('No coupons yet')).toBeInTheDocument();
    expect(screen.getByText('Add the first one.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('reads "nothing here" where the screen says so, in data that is not a list', () => {
    render(
      <QueryState query={query({ data: { orders: 0 } })} empty={{ title: 'No cash orders', when: (r) => !r.orders }}>
        {() => <p>the figures</p>}
      </QueryState>,
    );
    expect(screen.getByText('No cash orders')).toBeInTheDocument();
  });

  it('shows the content once the data is in', () => {
    render(<List state={query({ data: ['WELCOME10', 'EID25'] })} />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['WELCOME10', 'EID25']);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('waits for every query of a screen, and a retry asks again only those that failed', async () => {
    const user = userEvent.setup();
    const roles = query({ data: ['owner'] });
    const staff = query<string[]>({ isError: true });
    const pair = (a: LoadingQuery<string[]>, b: LoadingQuery<string[]>) => (
      <QueryState query={allOf(a, b)}>{([r, s]) => <p>{`${r.length} roles, ${s.length} members`}</p>}</QueryState>
    );
    const { rerender } = render(pair(roles, query({ isLoading: true })));
    expect(screen.getByRole('status')).toBeInTheDocument();

    rerender(pair(roles, staff));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(staff.refetch).toHaveBeenCalledTimes(1);
    expect(roles.refetch).not.toHaveBeenCalled();

    rerender(pair(roles, query({ data: ['Mona', 'Karim'] })));
    expect(screen.getByText('1 roles, 2 members')).toBeInTheDocument();
  });
});
