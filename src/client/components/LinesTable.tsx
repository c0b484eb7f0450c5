import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, type ReactNode } from 'react';

// The lines of an order (the buyer's 'Mis pedidos', the admin's order detail, the purchase history's 'Detalle de
// Pedido'): a table from the small breakpoint (600 px) up; below it, one card per line, stacked, so nothing scrolls
// sideways at 375 px. A card is titled by the line's `title` column (the product) and shows every other column as its
// header (the same Spanish names) and value in a description list; a column may be left out of a line's card when it
// says nothing there (`hideEmpty`: no size). The list is a `<ul>` named like the table, each card an `<li>` named by
// its title (as the lists' cards, components/GridCards.tsx).

export interface LineColumn<R> {
  key: string;
  header: string;
  value: (row: R) => ReactNode;
  /** Numbers: right-aligned in the table. */
  numeric?: boolean;
  /** The table keeps the value on one line (codes, amounts). */
  nowrap?: boolean;
  /** The table's least width of the column (a product's name). */
  minWidth?: number;
  /** On a card, left out when the value is '' or '—' (a line without a size). */
  hideEmpty?: boolean;
}

interface Props<R> {
  rows: R[];
  rowKey: (row: R) => string | number;
  columns: LineColumn<R>[];
  /** The column that titles a card (the product). */
  title: string;
  /** The table's and the list's name: a text, or the id of the element that names them. */
  label: { text: string } | { by: string };
  empty: string;
}

const isEmpty = (value: ReactNode) => value === '' || value === '—' || value === null || value === undefined;

export function LinesTable<R>({ rows, rowKey, columns, title, label, empty }: Props<R>) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const listId = useId();
  const naming = 'text' in label ? { 'aria-label': label.text } : { 'aria-labelledby': label.by };

  if (phone) {
    if (!rows.length) return <Typography variant="body2">{empty}</Typography>;
    const titleColumn = columns.find((c) => c.key === title) ?? columns[0]!;
    const fields = columns.filter((c) => c !== titleColumn);
    return (
      <Box component="ul" {...naming} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {rows.map((row, index) => {
          const titleId = `${listId}-${index}`;
          return (
            <Paper key={rowKey(row)} component="li" variant="outlined" aria-labelledby={titleId} sx={{ p: 1.5, minWidth: 0 }}>
              <Typography id={titleId} component="p" sx={{ fontWeight: 600, mb: 1, overflowWrap: 'anywhere' }}>
                {titleColumn.value(row)}
              </Typography>
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0 }}>
                {fields.map((column) => {
                  const value = column.value(row);
                  if (column.hideEmpty && isEmpty(value)) return null;
                  return (
                    <Box key={column.key} sx={{ display: 'contents' }}>
                      <Typography component="dt" variant="body2" color="text.secondary">
                        {column.header}
                      </Typography>
                      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere', textAlign: column.numeric ? 'right' : 'left' }}>
                        {value}
                      </Typography>
                    </Box>
                  );
                })}
              </Box>
            </Paper>
          );
        })}
      </Box>
    );
  }

  return (
    // a window between the phone and the table's width may still scroll it sideways: then a keyboard can too (a named
    // region with a Tab stop)
    <TableContainer tabIndex={0} role="region" {...naming}>
      <Table size="small" {...naming}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} align={column.numeric ? 'right' : 'left'}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length}>{empty}</TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow key={rowKey(row)}>
                {columns.map((column) => (
                  <TableCell
                    key={column.key}
                    align={column.numeric ? 'right' : 'left'}
                    sx={{ ...(column.nowrap ? { whiteSpace: 'nowrap' } : {}), ...(column.minWidth ? { minWidth: column.minWidth } : {}) }}
                  >
                    {column.value(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
