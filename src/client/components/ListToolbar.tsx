import ClearIcon from '@mui/icons-material/FilterAltOff';
import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { LIST_MSG } from '@shared/schemas/lists';

// The search box, filters, date range and CSV export above a server-paged list. Every field changes the list at once
// (the search after a pause, in the feature's saga); on a phone the fields stack one per line.

export interface FilterOption {
  value: string;
  label: string;
}

/** A filter typed as text (a rut, an id): changes the list after a pause, like the search. */
export interface FilterText {
  name: string;
  label: string;
  value: string;
  placeholder?: string;
}

export interface FilterSelect {
  name: string;
  label: string;
  /** '' = any. */
  value: string;
  options: FilterOption[];
}

export const LIST_TOOLBAR_TEXT = {
  any: 'Todos',
  from: 'Desde',
  to: 'Hasta',
  clear: 'Limpiar filtros',
  exportCsv: 'Exportar CSV',
  exporting: 'Exportando',
  filters: 'Filtros',
  sortBy: 'Ordenar por',
  ascending: '{label} (ascendente)',
  descending: '{label} (descendente)',
  defaultSort: 'Orden por defecto',
} as const;

interface Props {
  /** The accessible name of the group ('Filtros de pedidos'). */
  label?: string;
  search?: { label: string; value: string; onChange: (value: string) => void; placeholder?: string };
  /** More text filters after the search box. */
  texts?: FilterText[];
  onText?: (name: string, value: string) => void;
  selects?: FilterSelect[];
  onSelect?: (name: string, value: string) => void;
  /** A date range ('YYYY-MM-DD', '' = open). */
  dates?: { from: string; to: string; onChange: (name: 'from' | 'to', value: string) => void; fromLabel?: string; toLabel?: string };
  /** 'Limpiar filtros', shown when something is set. */
  onClear?: () => void;
  /** 'Exportar CSV': downloads every row the filters select. */
  exportCsv?: { onClick: () => void; running: boolean; label?: string };
  /** More actions beside the export ('Reintentar' of selected jobs). */
  actions?: ReactNode;
  /** The sort as a choice (the cards on a phone have no column headers to click): from useCardSort. */
  sort?: CardSort | null;
}

/** A list's sort as one choice: 'field:dir' values, each column both ways. */
export interface CardSort {
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}

const field = { flex: { xs: '1 1 100%', sm: '1 1 170px' }, minWidth: 0 } as const;

export function ListToolbar({ label = LIST_TOOLBAR_TEXT.filters, search, texts = [], onText, selects = [], onSelect, dates, onClear, exportCsv, actions, sort }: Props) {
  const anySet = Boolean(search?.value) || texts.some((t) => t.value) || selects.some((s) => s.value) || Boolean(dates?.from || dates?.to);
  // 'YYYY-MM-DD' compares as text; the server refuses the range too, and the list shows that below these fields
  const inverted = Boolean(dates?.from && dates.to && dates.from > dates.to);
  return (
    <Box role="search" aria-label={label} sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        {search && (
          <TextField
            label={search.label}
            value={search.value}
            placeholder={search.placeholder}
            onChange={(e) => search.onChange(e.target.value)}
            size="small"
            type="search"
            sx={{ flex: { xs: '1 1 100%', sm: '2 1 260px' }, minWidth: 0 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
        {texts.map((text) => (
          <TextField
            key={text.name}
            label={text.label}
            value={text.value}
            placeholder={text.placeholder}
            onChange={(e) => onText?.(text.name, e.target.value)}
            size="small"
            sx={field}
          />
        ))}
        {selects.map((select) => (
          <TextField
            key={select.name}
            select
            label={select.label}
            value={select.value}
            onChange={(e) => onSelect?.(select.name, e.target.value)}
            size="small"
            sx={field}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{LIST_TOOLBAR_TEXT.any}</MenuItem>
            {select.options.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        ))}
        {sort && (
          <TextField select label={LIST_TOOLBAR_TEXT.sortBy} value={sort.value} onChange={(e) => sort.onChange(e.target.value)} size="small" sx={field}>
            {sort.options.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        )}
        {dates && (
          <>
            <TextField
              label={dates.fromLabel ?? LIST_TOOLBAR_TEXT.from}
              type="date"
              value={dates.from}
              onChange={(e) => dates.onChange('from', e.target.value)}
              error={inverted}
              size="small"
              sx={field}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: dates.to || undefined } }}
            />
            <TextField
              label={dates.toLabel ?? LIST_TOOLBAR_TEXT.to}
              type="date"
              value={dates.to}
              onChange={(e) => dates.onChange('to', e.target.value)}
              error={inverted}
              helperText={inverted ? LIST_MSG.dateRange : undefined}
              size="small"
              sx={field}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: dates.from || undefined } }}
            />
          </>
        )}
      </Box>
      {(onClear || exportCsv || actions) && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          {actions}
          {exportCsv && (
            <Button
              variant="outlined"
              onClick={exportCsv.onClick}
              disabled={exportCsv.running}
              startIcon={exportCsv.running ? <CircularProgress size={16} color="inherit" aria-label={LIST_TOOLBAR_TEXT.exporting} /> : <DownloadIcon />}
            >
              {exportCsv.label ?? LIST_TOOLBAR_TEXT.exportCsv}
            </Button>
          )}
          {onClear && anySet && (
            <Button onClick={onClear} startIcon={<ClearIcon />}>
              {LIST_TOOLBAR_TEXT.clear}
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}
