import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

import { useSearchParamsChange } from './search-params';

/** Two controls changed in one go, before the first change renders: a quick second click. */
function Harness() {
  const [params, change] = useSearchParamsChange();
  return (
    <>
      <output aria-label="params">{params.toString()}</output>
      <button
        onClick={() => {
          change((next) => next.set('from', '2026-01-01'));
          change((next) => next.set('granularity', 'month'));
        }}
      >
        Period, then granularity
      </button>
      <button onClick={() => change((next) => next.delete('from'))}>No period</button>
    </>
  );
}

function renderHarness(url: string) {
  const router = createMemoryRouter([{ path: '/charts', Component: Harness }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

describe('useSearchParamsChange', () => {
  it('makes a second change onto the first one, not onto the params last rendered', async () => {
    const { router, user } = renderHarness('/charts?to=2026-06-30');
    await user.click(screen.getByRole('button', { name: 'Period, then granularity' }));
    const search = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(search)).toEqual({
      to: '2026-06-30',
      from: '2026-01-01',
      granularity: 'month',
    });
    expect(screen.getByLabelText('params')).toHaveTextContent(
      'to=2026-06-30&from=2026-01-01&granularity=month',
    );
  });

  it('starts from the URL as rendered again once it moves on its own (back)', async () => {
    const { router, user } = renderHarness('/charts?to=2026-06-30');
    await user.click(screen.getByRole('button', { name: 'Period, then granularity' }));
    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('params')).toHaveTextContent(/^to=2026-06-30&from=2026-01-01$/);
    await user.click(screen.getByRole('button', { name: 'No period' }));
    expect(router.state.location.search).toBe('?to=2026-06-30');
  });
});
