import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';

// A list's pages as page links (R-GEN-6: at most 7 page numbers): the range
// shown ('1–10 de 65'), MUI's Pagination with the previous and next arrows, and a choice of rows per page where the
// list offers more than one size. The Data Grid draws it in its footer (gridSetup's pagination slot) and the phone
// cards (GridCards) below their list, so both page alike.

/**
 * One page at each end and one on each side of the current one: with the two ellipses, never more than
 * 2 × 1 + 2 × 1 + 3 = 7 items (1 … 4 5 6 … 7), and never more than 7 page buttons (all of them when there are 7).
 */
export const PAGE_LINKS = { boundaryCount: 1, siblingCount: 1 } as const;

export const PAGE_LINKS_TEXT = {
  nav: 'Paginación',
  rowsPerPage: 'Filas por página',
  range: (from: string, to: string, count: string) => `${from}–${to} de ${count}`,
} as const;

const integer = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 0 });

/** The names the buttons read with (MUI's getItemAriaLabel): 'Ir a la página 3'; the current one 'Página 2, actual'. */
export function pageItemLabel(type: string, page: number | null, selected: boolean): string {
  switch (type) {
    case 'page':
      return selected ? `Página ${page}, actual` : `Ir a la página ${page}`;
    case 'first':
      return 'Ir a la primera página';
    case 'last':
      return 'Ir a la última página';
    case 'next':
      return 'Ir a la página siguiente';
    default:
      return 'Ir a la página anterior';
  }
}

export interface PageLinksProps {
  /** Rows in the whole list (the server's total for a list it pages). */
  count: number;
  /** The page shown, from 0. */
  page: number;
  pageSize: number;
  /** More than one: a choice of rows per page. */
  pageSizes?: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  /** While the count is not known yet. */
  disabled?: boolean;
}

export function PageLinks({ count, page, pageSize, pageSizes = [], onPageChange, onPageSizeChange, disabled }: PageLinksProps) {
  // a phone: the smaller buttons keep the 7 links and both arrows on one line
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const pages = pageSize > 0 ? Math.ceil(count / pageSize) : 1;
  const from = count === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(count, (page + 1) * pageSize);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', columnGap: 2, rowGap: 1, py: 1, px: { xs: 0, sm: 1 }, flexGrow: 1 }}>
      {pageSizes.length > 1 && onPageSizeChange && (
        <TextField
          select
          size="small"
          label={PAGE_LINKS_TEXT.rowsPerPage}
          value={pageSize}
          onChange={(event) => onPageSizeChange(Number(event.target.value))}
          disabled={disabled}
          sx={{ minWidth: 140 }}
        >
          {pageSizes.map((size) => (
            <MenuItem key={size} value={size}>
              {size}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Typography variant="body2" component="p" sx={{ m: 0 }}>
        {PAGE_LINKS_TEXT.range(integer.format(from), integer.format(to), integer.format(count))}
      </Typography>
      {pages > 1 && (
        <Pagination
          aria-label={PAGE_LINKS_TEXT.nav}
          count={pages}
          page={Math.min(page, pages - 1) + 1}
          onChange={(_event, next) => onPageChange(next - 1)}
          {...PAGE_LINKS}
          getItemAriaLabel={pageItemLabel}
          color="primary"
          size={phone ? 'small' : 'medium'}
          disabled={disabled}
          sx={{ '& .MuiPagination-ul': { flexWrap: 'nowrap' } }}
        />
      )}
    </Box>
  );
}
