import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminReview, AdminReviewPage } from '@shop/contracts';
import { changeLanguage } from '../../../i18n';
import { adminSession, mockApi, renderRoute } from '../../../test/utils';
import { ReviewsAdminPage } from './ReviewsAdminPage';

const KETTLE = { _id: '11111111-1111-4111-8111-111111111111', name: 'Kettle', nameAr: 'غلاية' };

const aReview = (id: string, title: string, extra: Partial<AdminReview> = {}): AdminReview => ({
  _id: id,
  user: { _id: 'u1', name: 'Mona Ali' },
  rating: 2,
  title,
  comment: 'It arrived late',
  date: '2026-11-20T10:00:00.000Z',
  verified: true,
  reply: null,
  product: KETTLE,
  revision: 1,
  changedSinceReply: false,
  ...extra,
});
const page = (reviews: AdminReview[]): AdminReviewPage => ({ reviews, pages: 1, total: reviews.length });

afterEach(() => act(() => changeLanguage('en')));

const open = (url = '/reviews') =>
  renderRoute(<ReviewsAdminPage />, { path: '/reviews', url, preloadedState: { session: adminSession } });

describe('the reviews screen', () => {
  it('answers a review in the shop’s name, checked first, and hands focus back to the review’s button', async () => {
    const user = userEvent.setup();
    let answered = false;
    const { calls } = mockApi({
      'GET /api/admin/reviews': () => ({
        body: page([
          aReview('r1', 'Arrived late', answered ? { reply: { text: 'Sorry!', date: '2026-11-21T10:00:00Z' } } : {}),
        ]),
      }),
      'PUT /api/admin/reviews/r1/reply': () => {
        answered = true;
        return { body: aReview('r1', 'Arrived late') };
      },
    });
    open();
    const review = await screen.findByRole('article', { name: 'Arrived late' });
    expect(within(review).getByRole('link', { name: 'Kettle' })).toHaveAttribute(
      'href',
      expect.stringContaining(KETTLE._id),
    );
    expect(within(review).getByText('Verified purchase')).toBeInTheDocument();

    await user.click(within(review).getByRole('button', { name: 'Answer the review “Arrived late”' }));
    const field = screen.getByRole('textbox', { name: 'Your answer, in the shop’s name' });
    expect(field).toHaveFocus();
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Publish answer' }));
    expect(await screen.findByText('Required Field')).toBeInTheDocument();
    // Refused, the field says so to a screen reader and keeps the focus.
    expect(field).toHaveAccessibleDescription(/Required Field/);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(field);
    await user.type(field, '  Sorry!  ');
    await user.click(screen.getByRole('button', { name: 'Publish answer' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        expect.objectContaining({ path: '/api/admin/reviews/r1/reply', body: { text: 'Sorry!', revision: 1 } }),
      ]),
    );
    // The list reloads with the answer, and its Edit button takes the focus the form had.
    const edit = await screen.findByRole('button', { name: 'Edit answer to “Arrived late”' });
    await waitFor(() => expect(edit).toHaveFocus());
    expect(screen.getByText('Sorry!')).toBeInTheDocument();
  });

  it('filters by stars and by those waiting for an answer, in the address, and says when none match', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/admin/reviews': (request) => {
        const filtered = new URL(request.url).searchParams.has('rating');
        return { body: page(filtered ? [] : [aReview('r1', 'Arrived late')]) };
      },
    });
    const { router } = open('/reviews?page=2');
    await screen.findByRole('article', { name: 'Arrived late' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Stars' }), '1 star');
    expect(await screen.findByText('No reviews match these filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Only those waiting for an answer' }));
    // A filter starts the list again at its first page.
    await waitFor(() => expect(router.state.location.search).toBe('?rating=1&awaiting=true'));
    await waitFor(() =>
      expect(calls.at(-1)?.path).toMatch(/^\/api\/admin\/reviews\?(?=.*rating=1)(?=.*awaiting=true)(?=.*page=1)/),
    );
  });

  it('takes an answer down, says when a review changed since, and deletes a review after asking, in Arabic', async () => {
    await act(() => changeLanguage('ar'));
    const user = userEvent.setup();
    let reply: AdminReview['reply'] = { text: 'شكرًا', date: '2026-11-21T10:00:00Z' };
    const { calls } = mockApi({
      'GET /api/admin/reviews': () => ({
        body: page([aReview('r1', 'وصلت متأخرة', { reply, revision: 2, changedSinceReply: reply !== null })]),
      }),
      'DELETE /api/admin/reviews/r1/reply': () => {
        reply = null;
        return { status: 204, body: null };
      },
      'DELETE /api/review/r1': { body: { message: 'تم حذف المراجعة بنجاح' } },
    });
    open();
    const review = await screen.findByRole('article', { name: 'وصلت متأخرة' });
    expect(within(review).getByRole('link', { name: 'غلاية' })).toBeInTheDocument();
    expect(within(review).getByText('عُدّلت بعد رد المتجر')).toBeInTheDocument();

    await user.click(within(review).getByRole('button', { name: 'حذف الرد على «وصلت متأخرة»' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/admin/reviews/r1/reply']),
    );
    // Taken down, the list reloads without it, and the review's Answer button has the focus.
    await waitFor(() => expect(screen.getByRole('button', { name: 'الرد على المراجعة «وصلت متأخرة»' })).toHaveFocus());
    expect(screen.queryByText('عُدّلت بعد رد المتجر')).not.toBeInTheDocument();

    await user.click(within(review).getByRole('button', { name: 'حذف المراجعة «وصلت متأخرة»' }));
    const dialog = await screen.findByRole('dialog', { name: 'حذف هذه المراجعة؟' });
    expect(within(dialog).getByRole('button', { name: 'إبقاء المراجعة' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'حذف' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').at(-1)?.path).toBe('/api/review/r1'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'المراجعات' })).toHaveFocus());
  });

  it('hands focus to the title when an answered review leaves the list of those waiting', async () => {
    const user = userEvent.setup();
    let answered = false;
    mockApi({
      'GET /api/admin/reviews': () => ({ body: page(answered ? [] : [aReview('r1', 'Arrived late')]) }),
      'PUT /api/admin/reviews/r1/reply': () => {
        answered = true;
        return { body: aReview('r1', 'Arrived late') };
      },
    });
    open('/reviews?awaiting=true');
    await user.click(await screen.findByRole('button', { name: 'Answer the review “Arrived late”' }));
    await user.type(screen.getByRole('textbox', { name: 'Your answer, in the shop’s name' }), 'Sorry!');
    await user.click(screen.getByRole('button', { name: 'Publish answer' }));
    expect(await screen.findByText('No reviews match these filters.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reviews' })).toHaveFocus();
  });
});
