import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BannerCarousel } from '@client/features/home/BannerCarousel';
import type { HomeOfferCard } from '@client/features/home/api';
import { buyerProfile, renderWithProviders, sessionOf } from '../renderWithProviders';
import { mockApi } from './mockApi';
import { keepEveryStyleRule } from '../styleRules';

// asserts on computed styles: every emotion rule reaches jsdom
keepEveryStyleRule();

const banner = { urlBannerImage: '/files/banners/a.jpg', urlBannerImage2: '/files/banners/b.jpg', urlBannerImage3: '/files/banners/c.jpg' };
const women: HomeOfferCard[] = [
  { sku: 'POL-1004', mainUrlImage: '/files/products/POL-1004.svg', descripcion: 'Polera Dry Fit Deportiva', variante: 'Fucsia', precioOferta: 8990, percentage: 20 },
];
const men: HomeOfferCard[] = [{ sku: 'PAN-2001', mainUrlImage: '/files/products/PAN-2001.svg', descripcion: 'Pantalón Cargo Trabajo', variante: 'Gris', precioOferta: 17990, percentage: 10, desde: true }];

describe('Home (/)', () => {
  it('shows the banners, OFERTAS with Mujer / Hombre tabs and the offer cards', async () => {
    mockApi({ '/user/home/banner': banner, '/user/home': women, '/user/home/men': men });
    const { user } = renderWithProviders({ route: '/', preloadedState: { session: sessionOf('USER') } });
    expect(await screen.findByRole('heading', { name: 'OFERTAS' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Mujer' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Hombre' })).toBeInTheDocument();

    const card = await screen.findByRole('article', { name: 'Polera Dry Fit Deportiva' });
    expect(within(card).getByRole('img', { name: 'Polera Dry Fit Deportiva' })).toHaveAttribute('src', '/files/products/POL-1004.svg');
    expect(within(card).getByText('-20%')).toBeInTheDocument();
    expect(within(card).getByText('Fucsia')).toBeInTheDocument();
    expect(within(card).getByText('$8.990')).toBeInTheDocument();
    expect(within(card).queryByText(/desde/)).toBeNull(); // its sizes cost the same
    expect(within(card).getByRole('link', { name: 'Ver producto Polera Dry Fit Deportiva (POL-1004)' })).toHaveAttribute('href', '/user/product-detail/POL-1004');
    // the offers' prices are plus VAT (spec: every price), said above them
    expect(within(screen.getByRole('tabpanel', { name: 'Mujer' })).getByText('Todos los precios son más I. V. A.')).toBeInTheDocument();

    const carousel = await screen.findByRole('region', { name: 'Banners' });
    expect(within(carousel).getByRole('img', { name: 'Banner 1 de 3' })).toHaveAttribute('src', '/files/banners/a.jpg');
    expect(within(carousel).getAllByRole('img', { hidden: true })).toHaveLength(3);

    await user.click(screen.getByRole('tab', { name: 'Hombre' }));
    const menCard = await screen.findByRole('article', { name: 'Pantalón Cargo Trabajo' });
    // its sizes differ in price: the card gives the cheapest size's offer price as 'desde'
    expect(within(menCard).getByText('desde $17.990')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Polera Dry Fit Deportiva' })).not.toBeInTheDocument();
  });

  it('a blocked buyer sees the Advertencia bar', async () => {
    mockApi({ '/user/home/banner': banner, '/user/home': women, '/user/home/men': men });
    renderWithProviders({ route: '/', preloadedState: { session: sessionOf('USER', { ...buyerProfile, protesto: 'Bloqueado por protesto' }) } });
    await screen.findByRole('heading', { name: 'OFERTAS' });
    const warning = screen.getAllByRole('alert').find((a) => a.textContent?.includes('Advertencia'));
    expect(warning).toHaveTextContent('Bloqueado para comprar, contactar ejecutiva(o)');
  });

  it('a banner failure and an offer failure show their Error bars', async () => {
    mockApi({ '/user/home/banner': { status: 500, body: { status: 500, message: 'x' } }, '/user/home': women, '/user/home/men': men });
    renderWithProviders({ route: '/', preloadedState: { session: sessionOf('USER') } });
    expect(await screen.findByText('Internal server error, intentelo mas tarde')).toBeInTheDocument();
  });

  it('an offer failure adds (B1)', async () => {
    mockApi({ '/user/home/banner': banner, '/user/home': { status: 502, body: { status: 502, message: 'ERP caído' } }, '/user/home/men': men });
    renderWithProviders({ route: '/', preloadedState: { session: sessionOf('USER') } });
    expect(await screen.findByText('Server-side error: 502 ERP caído, intentelo mas tarde (B1)')).toBeInTheDocument();
  });

  it('admins see home too, without a blocked bar', async () => {
    mockApi({ '/user/home/banner': banner, '/user/home': women, '/user/home/men': men });
    renderWithProviders({ route: '/', preloadedState: { session: sessionOf('ADMIN') } });
    expect(await screen.findByRole('article', { name: 'Polera Dry Fit Deportiva' })).toBeInTheDocument();
    expect(screen.queryByText('Bloqueado para comprar, contactar ejecutiva(o)')).not.toBeInTheDocument();
  });
});

describe('banner carousel: the whole banner at every width (no crop at 375 px)', () => {
  it("the frame takes the first banner's proportions and shows each image whole (contain); 1600 × 500 until it loads", () => {
    const { container } = render(<BannerCarousel images={['/a.jpg', '/b.jpg']} />);
    const frame = container.querySelector<HTMLElement>('[data-banner-frame]')!;
    const first = screen.getByRole('img', { name: 'Banner 1 de 2' });
    expect(getComputedStyle(frame).getPropertyValue('aspect-ratio')).toBe(String(1600 / 500));
    expect(getComputedStyle(first).objectFit).toBe('contain');
    Object.defineProperty(first, 'naturalWidth', { value: 1200 });
    Object.defineProperty(first, 'naturalHeight', { value: 600 });
    fireEvent.load(first);
    expect(getComputedStyle(frame).getPropertyValue('aspect-ratio')).toBe('2');
    // the controls are outside the frame (a row under it on a phone; over its sides from the small breakpoint up)
    expect(frame).not.toContainElement(screen.getByRole('button', { name: 'Banner siguiente' }));
  });
});

describe('banner carousel', () => {
  const images = ['/a.jpg', '/b.jpg', '/c.jpg'];
  const currentDot = () => screen.getAllByRole('button', { name: /^Ir al banner/ }).find((b) => b.getAttribute('aria-current') === 'true');

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('advances every 2500 ms, pauses and resumes, and has labelled previous/next buttons', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<BannerCarousel images={images} />);
    expect(currentDot()).toHaveAccessibleName('Ir al banner 1');
    act(() => jest.advanceTimersByTime(2499));
    expect(currentDot()).toHaveAccessibleName('Ir al banner 1');
    act(() => jest.advanceTimersByTime(1));
    expect(currentDot()).toHaveAccessibleName('Ir al banner 2');
    act(() => jest.advanceTimersByTime(2500));
    expect(currentDot()).toHaveAccessibleName('Ir al banner 3');
    act(() => jest.advanceTimersByTime(2500));
    expect(currentDot()).toHaveAccessibleName('Ir al banner 1');

    await user.click(screen.getByRole('button', { name: 'Pausar carrusel' }));
    await user.click(screen.getByRole('button', { name: 'Banner siguiente' }));
    expect(currentDot()).toHaveAccessibleName('Ir al banner 2');
    await user.click(screen.getByRole('button', { name: 'Banner anterior' }));
    await user.click(screen.getByRole('button', { name: 'Banner anterior' }));
    expect(currentDot()).toHaveAccessibleName('Ir al banner 3');
    (document.activeElement as HTMLElement).blur();
    act(() => jest.advanceTimersByTime(10_000));
    expect(currentDot()).toHaveAccessibleName('Ir al banner 3');
    expect(screen.getByRole('button', { name: 'Reanudar carrusel' })).toBeInTheDocument();
  });

  it('holds still while the page is hidden', () => {
    render(<BannerCarousel images={images} />);
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    act(() => jest.advanceTimersByTime(10_000));
    expect(currentDot()).toHaveAccessibleName('Ir al banner 1');
    visibility.mockReturnValue('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    act(() => jest.advanceTimersByTime(2500));
    expect(currentDot()).toHaveAccessibleName('Ir al banner 2');
    visibility.mockRestore();
  });
});
