import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { notify } from '../lib/notify';
import { Toasts } from './Toasts';

describe('Toasts', () => {
  it('shows a toast raised before or after the lazily loaded container mounts', async () => {
    notify.success('early toast');
    render(<Toasts rtl={false} />);
    notify.error('Review Deleted Successfully');
    expect(await screen.findByText('Review Deleted Successfully')).toBeInTheDocument();
    expect(await screen.findByText('early toast')).toBeInTheDocument();
  });
});
