import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { AdminJob } from '@shared/api/adminJobs';
import { OrderJobsTable } from '@client/features/adminOrders/OrderJobsTable';

// An order's jobs on /admin/orders/:id: 'Reintentar' of a failed one goes once the job is re-queued. Before, the
// focus went with it onto <body> (seen in Chromium after a confirmed retry, by keyboard); now the job's own link in the
// same row takes it.

const job = (id: number, status: AdminJob['status']): AdminJob => ({
  id,
  kind: 'erp.order',
  key: `erp.order:OC0000${id}`,
  status,
  failure: status === 'failed' ? 'exhausted' : null,
  waiting: false,
  attempts: 2,
  lastError: 'El ERP no está disponible',
  nextAttemptAt: '2026-11-28T00:31:00.000Z',
  postedAt: null,
  createdAt: '2026-11-28T00:30:00.000Z',
  doneAt: null,
  lastAttemptAt: '2026-11-28T00:31:00.000Z',
  orderNumber: `OC0000${id}`,
});

const table = (jobs: AdminJob[], onRetry = jest.fn()) => (
  <MemoryRouter>
    <OrderJobsTable jobs={jobs} retrying={false} onRetry={onRetry} />
  </MemoryRouter>
);

describe('OrderJobsTable', () => {
  it("a retried job's 'Reintentar' goes and hands the focus to the job's link in its row", async () => {
    const onRetry = jest.fn();
    const { rerender } = render(table([job(27, 'failed'), job(26, 'failed')], onRetry));
    const retry = screen.getByRole('button', { name: 'Reintentar el trabajo 27' });
    act(() => retry.focus());
    await userEvent.setup().keyboard('{Enter}');
    expect(onRetry).toHaveBeenCalledWith(27);

    // the order read again: job 27 pending, its button gone
    rerender(table([job(27, 'pending'), job(26, 'failed')], onRetry));
    expect(screen.queryByRole('button', { name: 'Reintentar el trabajo 27' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver trabajo 27' })).toHaveFocus();
  });

  it('leaves the focus alone when it is somewhere else', () => {
    const { rerender } = render(
      <>
        <button type="button">fuera</button>
        {table([job(27, 'failed')])}
      </>,
    );
    act(() => screen.getByRole('button', { name: 'Reintentar el trabajo 27' }).focus());
    act(() => screen.getByRole('button', { name: 'fuera' }).focus());
    rerender(
      <>
        <button type="button">fuera</button>
        {table([job(27, 'pending')])}
      </>,
    );
    expect(screen.getByRole('button', { name: 'fuera' })).toHaveFocus();
  });
});
