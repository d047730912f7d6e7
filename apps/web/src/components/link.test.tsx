import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link } from './link.tsx';

/** Two pages: a list with links, and the page they lead to. */
function renderAt(list: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/list', element: list },
      { path: '/detail', element: <h1>Detail</h1> },
    ],
    { initialEntries: ['/list'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("the app's link", () => {
  it('is a real link to the page, with its query, and keeps its own attributes', () => {
    renderAt(
      <Link to="/detail?id=7" className="card" aria-label="Item 7">
        Item
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Item 7' });
    expect(link.getAttribute('href')).toBe('/detail?id=7');
    expect(link.className).toBe('card');
  });

  it('opens the page inside the app on a tap', async () => {
    const router = renderAt(<Link to="/detail?id=7">Item</Link>);
    await userEvent.click(screen.getByRole('link', { name: 'Item' }));
    expect(await screen.findByRole('heading', { name: 'Detail' })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/detail?id=7');
  });

  it("leaves a modified click (a new tab) to the browser and honours a handler's preventDefault", () => {
    const router = renderAt(
      <>
        <Link to="/detail">Plain</Link>
        <Link to="/detail" onClick={(event) => event.preventDefault()}>
          Stopped
        </Link>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Plain' }), { ctrlKey: true });
    fireEvent.click(screen.getByRole('link', { name: 'Stopped' }));
    expect(router.state.location.pathname).toBe('/list');
  });
});
