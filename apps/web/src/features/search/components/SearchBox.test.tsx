import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Provider } from 'react-redux';
import { setupStore } from '../../../app/store';
import { renderRoute } from '../../../test/utils';
import { SearchBox } from './SearchBox';

describe('SearchBox', () => {
  it('is a GET form to /searchResults?q= without JavaScript, and searches inside the app with it', async () => {
    renderRoute(<SearchBox />);
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/searchResults');
    expect(screen.getByRole('combobox', { name: 'Search products' })).toHaveAttribute('name', 'q');

    // The address the server's redirect gives too (apps/api/src/modules/seo/routes.ts).
    await userEvent.type(screen.getByRole('combobox'), ' tv & more {Enter}');
    expect(await screen.findByText('page /searchResults/tv%20%26%20more')).toBeInTheDocument();
  });

  it('sends an Arabic page’s search to /ar/searchResults', () => {
    const router = createMemoryRouter([{ path: '*', element: <SearchBox /> }], {
      initialEntries: ['/ar'],
      basename: '/ar',
    });
    render(
      <Provider store={setupStore()}>
        <RouterProvider router={router} />
      </Provider>,
    );
    expect(screen.getByRole('search')).toHaveAttribute('action', '/ar/searchResults');
  });
});
