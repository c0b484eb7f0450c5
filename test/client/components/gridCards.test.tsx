import IconButton from '@mui/material/IconButton';
import { ThemeProvider } from '@mui/material/styles';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GridColDef, GridRowSelectionModel } from '@mui/x-data-grid';
import { useState } from 'react';
import { theme } from '@client/app/theme';
import { GridSettingsProvider, PortalDataGrid } from '@client/components/gridSetup';

// PortalDataGrid below the small breakpoint (issue 16): the same props and columns drawn as a list of cards.

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
function widthIs(px: number) {
  const previous = window.matchMedia;
  // MUI asks '(max-width:599.95px)' for breakpoints.down('sm')
  window.matchMedia = ((query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return {
      matches: max ? px <= Number(max[1]) : false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
  }) as typeof window.matchMedia;
  restoreMedia = () => {
    window.matchMedia = previous;
  };
}
afterEach(() => restoreMedia());

function Invoices({ onSelect }: { onSelect?: (ids: number[]) => void }) {
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
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar F-101' }));
    expect(onSelect).toHaveBeenLastCalledWith([2]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar F-103' }));
    expect(onSelect).toHaveBeenLastCalledWith([2, 4]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar F-101' }));
    expect(onSelect).toHaveBeenLastCalledWith([4]);
    expect(screen.getByRole('checkbox', { name: 'Seleccionar F-103' })).toBeChecked();
  });

  it('an empty list says the screen’s text', () => {
    widthIs(375);
    render(
      <PortalDataGrid aria-label="Documentos" rows={[]} columns={columns} getRowId={(row: Invoice) => row.docEntry} noRowsLabel="Sin documentos" />,
    );
    expect(screen.getByText('Sin documentos')).toBeInTheDocument();
  });

  it('from 600 px up it is the Data Grid', () => {
    widthIs(800);
    render(<Invoices />);
    expect(screen.getByRole('grid', { name: 'Documentos' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Documentos' })).not.toBeInTheDocument();
  });
});
