import { ThemeProvider } from '@mui/material/styles';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GridColDef } from '@mui/x-data-grid';
import { theme } from '@client/app/theme';
import { GridSettingsProvider, PAGE_SIZE, paginationProps, PortalDataGrid } from '@client/components/gridSetup';
import { PageLinks } from '@client/components/PageLinks';
import { widthIs as screenWidth } from '../viewport';

// R-GEN-6: 10 rows per page, at most 7 page links. The grid's footer and
// the phone cards page with the same page links.

interface Item {
  sku: string;
}
const items = (n: number): Item[] => Array.from({ length: n }, (_, i) => ({ sku: `SKU-${String(i + 1).padStart(3, '0')}` }));
const columns: GridColDef<Item>[] = [{ field: 'sku', headerName: 'Sku' }];

let restoreMedia: () => void = () => undefined;
const widthIs = (px: number) => {
  restoreMedia = screenWidth(px);
};
afterEach(() => restoreMedia());

function List({ n }: { n: number }) {
  return (
    <ThemeProvider theme={theme}>
      <GridSettingsProvider disableVirtualization>
        <PortalDataGrid aria-label="Productos" rows={items(n)} columns={columns} getRowId={(row) => row.sku} {...paginationProps} noRowsLabel="Sin productos" cards={{ title: 'sku' }} />
      </GridSettingsProvider>
    </ThemeProvider>
  );
}

const nav = () => screen.getByRole('navigation', { name: 'Paginación' });
/** The page buttons' numbers, the current one included (the arrows and the ellipses left out). */
const pageButtons = () =>
  within(nav())
    .getAllByRole('button')
    .map((button) => /^(?:Ir a la página|Página) (\d+)/.exec(button.getAttribute('aria-label') ?? '')?.[1])
    .filter((page): page is string => page !== undefined)
    .map(Number);
const current = () => within(nav()).getByRole('button', { current: 'page' });
const shownSkus = (list: HTMLElement) => within(list).getAllByText(/^SKU-/).map((cell) => cell.textContent);

describe.each([
  ['the grid', 1366],
  ['the phone cards', 375],
])('page links in %s', (_where, width) => {
  const listOf = () => (width < 600 ? screen.getByRole('list', { name: 'Productos' }) : screen.getByRole('grid', { name: 'Productos' }));

  it('65 rows: 7 pages, every one a link; the range "1–10 de 65"; a link goes to its page', async () => {
    widthIs(width);
    const user = userEvent.setup();
    render(<List n={65} />);
    expect(screen.getByText('1–10 de 65')).toBeInTheDocument();
    expect(pageButtons()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(current()).toHaveAccessibleName('Página 1, actual');
    expect(within(nav()).getByRole('button', { name: 'Ir a la página anterior' })).toBeDisabled();

    await user.click(within(nav()).getByRole('button', { name: 'Ir a la página 7' }));
    expect(screen.getByText('61–65 de 65')).toBeInTheDocument();
    expect(shownSkus(listOf())).toEqual(['SKU-061', 'SKU-062', 'SKU-063', 'SKU-064', 'SKU-065']);
    expect(current()).toHaveAccessibleName('Página 7, actual');
    expect(within(nav()).getByRole('button', { name: 'Ir a la página siguiente' })).toBeDisabled();

    await user.click(within(nav()).getByRole('button', { name: 'Ir a la página anterior' }));
    expect(screen.getByText('51–60 de 65')).toBeInTheDocument();
  });

  it('300 rows: never more than 7 page buttons, the first and last always there', async () => {
    widthIs(width);
    const user = userEvent.setup();
    render(<List n={300} />);
    expect(screen.getByText('1–10 de 300')).toBeInTheDocument();
    expect(pageButtons()).toEqual([1, 2, 3, 4, 5, 30]);

    await user.click(within(nav()).getByRole('button', { name: 'Ir a la página 5' }));
    expect(pageButtons()).toEqual([1, 4, 5, 6, 30]);
    expect(screen.getByText('41–50 de 300')).toBeInTheDocument();
    expect(shownSkus(listOf())[0]).toBe('SKU-041');

    await user.click(within(nav()).getByRole('button', { name: 'Ir a la página 30' }));
    expect(pageButtons()).toEqual([1, 26, 27, 28, 29, 30]);
    expect(screen.getByText('291–300 de 300')).toBeInTheDocument();
  });

  it('works from the keyboard: Tab reaches the page links, Enter follows one', async () => {
    widthIs(width);
    const user = userEvent.setup();
    render(<List n={65} />);
    const third = within(nav()).getByRole('button', { name: 'Ir a la página 3' });
    third.focus();
    expect(third).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('21–30 de 65')).toBeInTheDocument();
    await user.tab();
    expect(document.activeElement).toHaveAccessibleName('Ir a la página 4');
    await user.keyboard(' ');
    expect(screen.getByText('31–40 de 65')).toBeInTheDocument();
  });

  it('one page: the range only, no page links', () => {
    widthIs(width);
    render(<List n={PAGE_SIZE} />);
    expect(screen.queryByRole('navigation', { name: 'Paginación' })).not.toBeInTheDocument();
  });
});

describe('PageLinks', () => {
  it('for every page of 30, at most 7 items and at most 7 page buttons', () => {
    for (let page = 0; page < 30; page += 1) {
      const { unmount } = render(<PageLinks count={300} page={page} pageSize={10} onPageChange={() => undefined} />);
      const list = within(nav()).getAllByRole('listitem');
      // the arrows and at most 7 numbers and ellipses
      expect(list.length).toBeLessThanOrEqual(9);
      expect(pageButtons().length).toBeLessThanOrEqual(7);
      expect(pageButtons()).toContain(page + 1);
      unmount();
    }
  });

  it('a list with several page sizes offers them as a choice', async () => {
    const onPageSizeChange = jest.fn();
    const user = userEvent.setup();
    render(<PageLinks count={60} page={1} pageSize={25} pageSizes={[10, 25, 50, 100]} onPageChange={() => undefined} onPageSizeChange={onPageSizeChange} />);
    expect(screen.getByText('26–50 de 60')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Filas por página' }));
    await user.click(await screen.findByRole('option', { name: '50' }));
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
  });

  it('counts in Chilean Spanish', () => {
    render(<PageLinks count={1234} page={100} pageSize={10} onPageChange={() => undefined} />);
    expect(screen.getByText('1.001–1.010 de 1.234')).toBeInTheDocument();
  });
});
