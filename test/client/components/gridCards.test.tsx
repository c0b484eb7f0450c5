import IconButton from '@mui/material/IconButton';
import { ThemeProvider } from '@mui/material/styles';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GridColDef, GridRowSelectionModel } from '@mui/x-data-grid';
import { useState } from 'react';
import { theme } from '@client/app/theme';
import { GridSettingsProvider, PortalDataGrid } from '@client/components/gridSetup';
import { widthIs as screenWidth } from '../viewport';

// PortalDataGrid below the small breakpoint (R-A11Y-2): the same props and columns drawn as a list of cards.

interface Invoice {
  docEntry: number;
  folio: string;
  saldo: number;
}

const rows: Invoice[] = Array.from({ length: 12 }, (_, i) => ({ docEntry: i + 1, folio: `F-${100 + i}`, saldo: (i + 1) * 1000 }));

const onPay = jest.fn();
const columns: GridColDef<Invoice>[] = [
  { field: 'folio', headerName: 'Folio' },
  { field: 'saldo', headerName: 'Saldo a Pagar', type: 'number', valueFormatter: (value: number) => `$${value}` },
  {
    field: 'pagar',
    headerName: 'Pagar',
    renderCell: ({ row, tabIndex }) => (
      <IconButton aria-label={`Pagar ${row.folio}`} tabIndex={tabIndex} onClick={() => onPay(row.docEntry)}>
        $
      </IconButton>
    ),
  },
];

let restoreMedia: () => void = () => undefined;
const widthIs = (px: number) => {
  restoreMedia = screenWidth(px);
};
afterEach(() => restoreMedia());

function Invoices({ onSelect, isRowSelectable }: { onSelect?: (ids: number[]) => void; isRowSelectable?: (params: { row: Invoice }) => boolean }) {
  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: 'include', ids: new Set() });
  return (
    <ThemeProvider theme={theme}>
      <GridSettingsProvider disableVirtualization>
        <PortalDataGrid
          aria-label="Documentos"
          rows={rows}
          columns={columns}
          getRowId={(row) => row.docEntry}
          checkboxSelection
          isRowSelectable={isRowSelectable}
          rowSelectionModel={selection}
          onRowSelectionModelChange={(model) => {
            setSelection(model);
            onSelect?.([...model.ids].map(Number));
          }}
          initialState={{ pagination: { paginationModel: { pageSize: 10, page: 0 } } }}
          pageSizeOptions={[10]}
          noRowsLabel="Sin documentos"
          cards={{ title: 'folio', actions: ['pagar'] }}
        />
      </GridSettingsProvider>
    </ThemeProvider>
  );
}

describe('PortalDataGrid on a phone', () => {
  it('draws cards, not a grid: the title, every other column with its header, the actions', async () => {
    widthIs(375);
    render(<Invoices />);
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Documentos' })).getAllByRole('listitem');
    expect(cards).toHaveLength(10); // the first page
    const first = within(screen.getByRole('listitem', { name: 'F-100' }));
    expect(first.getByText('Saldo a Pagar').tagName).toBe('DT');
    expect(first.getByText('$1000').tagName).toBe('DD');
    await userEvent.click(first.getByRole('button', { name: 'Pagar F-100' }));
    expect(onPay).toHaveBeenCalledWith(1);
  });

  it('pages 10 at a time with the grid’s page size', async () => {
    widthIs(375);
    render(<Invoices />);
    await userEvent.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    const titles = within(screen.getByRole('list', { name: 'Documentos' }))
      .getAllByRole('listitem')
      .map((card) => within(card).getByText(/^F-/).textContent);
    expect(titles).toEqual(['F-110', 'F-111']);
  });

  it('selects rows with a checkbox per card, through the same selection model', async () => {
    widthIs(375);
    const onSelect = jest.fn();
    render(<Invoices onSelect={onSelect} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar folio F-101' }));
    expect(onSelect).toHaveBeenLastCalledWith([2]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar folio F-103' }));
    expect(onSelect).toHaveBeenLastCalledWith([2, 4]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar folio F-101' }));
    expect(onSelect).toHaveBeenLastCalledWith([4]);
    expect(screen.getByRole('checkbox', { name: 'Seleccionar folio F-103' })).toBeChecked();
  });

  it('select-all ticks every card of every page, is indeterminate while only some are ticked, and clears them again', async () => {
    widthIs(375);
    const onSelect = jest.fn();
    render(<Invoices onSelect={onSelect} />);
    // the grid's own name for its header checkbox
    const all = () => screen.getByRole('checkbox', { name: /^(Seleccionar|Deseleccionar) todas las filas$/ });
    expect(all()).toHaveAccessibleName('Seleccionar todas las filas');
    expect(all()).not.toBeChecked();
    expect(all()).toHaveAttribute('data-indeterminate', 'false');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar folio F-102' }));
    expect(all()).not.toBeChecked();
    expect(all()).toHaveAttribute('data-indeterminate', 'true');

    // indeterminate → all, as the grid's header checkbox does
    await userEvent.click(all());
    expect(onSelect).toHaveBeenLastCalledWith(rows.map((row) => row.docEntry));
    expect(all()).toBeChecked();
    expect(all()).toHaveAccessibleName('Deseleccionar todas las filas');
    expect(all()).toHaveAttribute('data-indeterminate', 'false');
    for (const card of within(screen.getByRole('list', { name: 'Documentos' })).getAllByRole('listitem')) expect(within(card).getByRole('checkbox')).toBeChecked();

    await userEvent.click(all());
    expect(onSelect).toHaveBeenLastCalledWith([]);
    expect(all()).toHaveAccessibleName('Seleccionar todas las filas');
    expect(screen.getByRole('checkbox', { name: 'Seleccionar folio F-102' })).not.toBeChecked();
  });

  it('select-all ticks only the rows the grid lets be selected (isRowSelectable)', async () => {
    widthIs(375);
    const onSelect = jest.fn();
    render(<Invoices onSelect={onSelect} isRowSelectable={({ row }) => row.docEntry % 2 === 1} />);
    expect(screen.queryByRole('checkbox', { name: 'Seleccionar folio F-101' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todas las filas' }));
    expect(onSelect).toHaveBeenLastCalledWith([1, 3, 5, 7, 9, 11]);
    expect(screen.getByRole('checkbox', { name: 'Deseleccionar todas las filas' })).toBeChecked();
  });

  it('no select-all without checkboxSelection', () => {
    widthIs(375);
    render(
      <PortalDataGrid aria-label="Documentos" rows={rows} columns={columns} getRowId={(row: Invoice) => row.docEntry} noRowsLabel="Sin documentos" cards={{ title: 'folio' }} />,
    );
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('labelTitle: the title column’s header beside its value, which names the card', () => {
    widthIs(375);
    render(
      <PortalDataGrid
        aria-label="Documentos"
        rows={rows}
        columns={columns}
        getRowId={(row: Invoice) => row.docEntry}
        noRowsLabel="Sin documentos"
        cards={{ title: 'folio', labelTitle: true }}
      />,
    );
    expect(screen.getByRole('listitem', { name: 'Folio F-100' })).toBeInTheDocument();
  });

  it('an empty list says the screen’s text', () => {
    widthIs(375);
    render(
      <PortalDataGrid aria-label="Documentos" rows={[]} columns={columns} getRowId={(row: Invoice) => row.docEntry} noRowsLabel="Sin documentos" />,
    );
    expect(screen.getByText('Sin documentos')).toBeInTheDocument();
  });

  it('from 600 px up the grid’s row checkboxes are named by their row, as the cards’ are', async () => {
    widthIs(800);
    const onSelect = jest.fn();
    render(<Invoices onSelect={onSelect} />);
    const grid = screen.getByRole('grid', { name: 'Documentos' });
    const names = within(grid)
      .getAllByRole('checkbox')
      .map((box) => box.getAttribute('aria-label'));
    expect(names).toEqual(['Seleccionar todas las filas', ...rows.slice(0, 10).map((row) => `Seleccionar folio ${row.folio}`)]);
    const box = within(grid).getByRole('checkbox', { name: 'Seleccionar folio F-103' });
    await userEvent.click(box);
    expect(onSelect).toHaveBeenLastCalledWith([4]);
    // the name stays once ticked (the checked state says it)
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleName('Seleccionar folio F-103');
  });

  it('from 600 px up it is the Data Grid', () => {
    widthIs(800);
    render(<Invoices />);
    expect(screen.getByRole('grid', { name: 'Documentos' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Documentos' })).not.toBeInTheDocument();
  });
});
