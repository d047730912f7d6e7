import type { CommodityDetail } from '@jewel/contract/commodity';
import type { UserInfo } from '@jewel/contract/user';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { withoutPersonalData } from '../../../lib/query-persist.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { renderWithTexts } from '../../../test/render.tsx';
import { CustomerSection } from './detail-sections.tsx';

const VALUERS_MASK = "The customer's phone and address are shown to recorders only; you see the name's initial.";
const NOT_KEPT = 'This phone keeps no customer details: they show again when the network is back.';

/** What the server sends a recorder (the customer whole) and a valuer (PRODUCT.md: the name's initial only). */
const enrollment = {
  id: 3,
  customer_name: 'Jane Smith',
  customer_phone: '13912345678',
  customer_address: '12 Baker Street',
  customer_masked: false,
  customer_id: 5,
  created_at: '2026-11-20T06:05:00.000Z',
};
const forValuer = {
  ...enrollment,
  customer_name: 'J**',
  customer_phone: '',
  customer_address: '',
  customer_masked: true,
};

const detailWith = (shown: typeof enrollment) => ({ enrollment: shown }) as unknown as CommodityDetail;
/** The section as the detail page shows it (its customer link needs a router). */
const show = (shown: typeof enrollment) =>
  renderWithTexts(
    <MemoryRouter>
      <CustomerSection detail={detailWith(shown)} />
    </MemoryRouter>,
  );
const signIn = (role_code: 'recorder' | 'valuers') =>
  useAuthStore.setState({ token: 't', refreshToken: 'r', user: { id: 1, name: 'U', role_code } as UserInfo });

describe("the detail's customer section", () => {
  afterEach(() => useAuthStore.setState({ token: null, refreshToken: null, user: null }));

  it('shows a recorder the customer whole, online', () => {
    signIn('recorder');
    show(enrollment);
    expect(screen.getByText('13912345678')).toBeTruthy();
    expect(screen.queryByText(VALUERS_MASK)).toBeNull();
  });

  it("tells a recorder offline that the phone keeps no customer details, never the valuers' mask", () => {
    signIn('recorder');
    // The copy kept on the phone, as query-persist.ts writes it.
    const kept = withoutPersonalData({ enrollment }) as { enrollment: typeof enrollment };
    show(kept.enrollment);
    expect(screen.getByText(NOT_KEPT)).toBeTruthy();
    expect(screen.queryByText(VALUERS_MASK)).toBeNull();
    expect(screen.queryByText('13912345678')).toBeNull();
  });

  it("tells a valuer about the mask, with the name's initial", () => {
    signIn('valuers');
    show(forValuer);
    expect(screen.getByText(VALUERS_MASK)).toBeTruthy();
    expect(screen.getByText('J**')).toBeTruthy();
    expect(screen.queryByText(NOT_KEPT)).toBeNull();
  });
});
