import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { adminSession, mockApi, renderRoute } from '../../../test/utils';
import type { AuditLogEntry } from '@shop/contracts';
import { LogsPage } from './LogsPage';

const failedSignIn: AuditLogEntry = {
  _id: 'log-1',
  type: 'auth',
  action: 'login_failed',
  message: 'Failed login',
  userId: null,
  userEmail: 'customer-service@alexandria-electronics.com.eg',
  userPhone: null,
  data: {},
  ip: null,
  userName: null,
  userRole: null,
  createdAt: '2026-11-30T10:00:00.000Z',
};

describe('LogsPage', () => {
  it('shows a shopper’s e-mail left to right, breaking before its @ or a dot rather than inside a word', async () => {
    mockApi({ 'GET /api/logs': { body: { logs: [failedSignIn], pages: 1, total: 1 } } });
    renderRoute(<LogsPage />, { path: '/logs', url: '/logs', preloadedState: { session: adminSession } });
    const who = (await screen.findByRole('cell', { name: failedSignIn.userEmail ?? '' })).querySelector('bdi');
    expect(who).toHaveAttribute('dir', 'ltr');
    expect(who?.innerHTML).toBe('customer-service<wbr>@alexandria-electronics<wbr>.com<wbr>.eg');
    // The sentence names the address too, and breaks it alike.
    const what = screen.getByRole('cell', { name: `Failed sign-in for ${failedSignIn.userEmail ?? ''}` });
    expect(what.querySelector('bdi[dir="ltr"]')?.innerHTML).toBe(who?.innerHTML);
  });

  it('names a shopper whose account was made by phone by that phone, not as the shop', async () => {
    const placed: AuditLogEntry = {
      ...failedSignIn,
      _id: 'log-2',
      type: 'order',
      action: 'order_placed',
      message: 'Phone Person placed order …',
      userId: 'c0ffee00-0000-4000-8000-000000000001',
      userEmail: null,
      userPhone: '01012345678',
    };
    mockApi({ 'GET /api/logs': { body: { logs: [placed], pages: 1, total: 1 } } });
    renderRoute(<LogsPage />, { path: '/logs', url: '/logs', preloadedState: { session: adminSession } });
    const who = (await screen.findByRole('cell', { name: '01012345678' })).querySelector('bdi');
    expect(who).toHaveAttribute('dir', 'ltr');
    expect(screen.queryByRole('cell', { name: 'System' })).toBeNull();
  });
});
