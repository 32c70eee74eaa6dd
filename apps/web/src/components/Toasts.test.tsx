import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { notify } from '../lib/notify';
import { Toasts } from './Toasts';

describe('Toasts', () => {
  it('has no toast container (nor its code) until the first toast, then shows toasts raised before or after it mounts', async () => {
    const { container } = render(<Toasts rtl={false} />);
    expect(container).toBeEmptyDOMElement();
    notify.success('early toast');
    notify.error('Review Deleted Successfully');
    expect(await screen.findByText('Review Deleted Successfully')).toBeInTheDocument();
    expect(await screen.findByText('early toast')).toBeInTheDocument();
  });
});
