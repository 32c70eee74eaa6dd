import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { Switch } from './Switch';

function Settings({ onSave }: { onSave: (values: { freeShipping: boolean }) => void }) {
  const { register, handleSubmit } = useForm({ defaultValues: { freeShipping: false } });
  return (
    <form onSubmit={(event) => void handleSubmit(onSave)(event)}>
      <Switch id="free-shipping" label="Free shipping" {...register('freeShipping')} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('Switch', () => {
  it('is announced as a switch, on or off, and gives a form its value', async () => {
    const user = userEvent.setup();
    const saved: { freeShipping: boolean }[] = [];
    render(<Settings onSave={(values) => saved.push(values)} />);
    const toggle = screen.getByRole('switch', { name: 'Free shipping' });
    expect(toggle).not.toBeChecked();
    await user.click(screen.getByText('Free shipping'));
    expect(toggle).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([{ freeShipping: true }]);
  });
});
