import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../i18n';
import { FilePicker } from './FilePicker';

afterEach(() => act(() => changeLanguage('en')));

describe('the dashboard’s file picker', () => {
  it('speaks the page’s Arabic rather than the browser’s English, and names the file chosen', async () => {
    await act(() => changeLanguage('ar'));
    const onChange = vi.fn();
    render(<FilePicker id="import-file" accept=".csv,text/csv" onChange={onChange} />);

    // The visible button is a label of the real input: clicking it or reaching the input by Tab opens the browser's chooser.
    const input = screen.getByLabelText('اختر ملفًا');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', '.csv,text/csv');
    expect(input).toHaveAccessibleDescription('لم يُختر ملف');

    await userEvent.upload(input, new File(['id,name\r\n'], 'products.csv', { type: 'text/csv' }));
    expect(onChange).toHaveBeenCalledOnce();
    // The Latin name isolated inside the Arabic line.
    expect(screen.getByText('products.csv').tagName).toBe('BDI');
    expect(input).toHaveAccessibleDescription('products.csv');
    expect(screen.queryByText('لم يُختر ملف')).toBeNull();
  });

  it('counts the files of a multiple choice, in English too', async () => {
    render(<FilePicker id="product-images" multiple aria-describedby="product-images-hint" />);
    const input = screen.getByLabelText('Choose files');
    expect(screen.getByText('No file chosen')).toBeVisible();
    // Its own description first, then the field's hint it was given.
    expect(input).toHaveAttribute('aria-describedby', 'product-images-chosen product-images-hint');

    await userEvent.upload(input, [new File(['a'], 'front.png'), new File(['b'], 'side.png')]);
    expect(screen.getByText('2 files chosen')).toBeVisible();
  });
});
