import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { MSG } from '../../../shared/messages';
import { PageSpinner } from '../../components/PageSpinner';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { searchSubmitted, selectSearchProducts, selectSearchResults } from './searchSlice';
import { readQuery } from './searchStorage';

const SearchResultsGrid = lazy(() => import('./SearchResultsGrid'));

type Gender = '' | 'Masculino' | 'Femenino';
const GENDERS: { value: Gender; label: string }[] = [
  { value: '', label: 'Seleccionar' },
  { value: 'Masculino', label: 'Masculino' },
  { value: 'Femenino', label: 'Femenino' },
];

/** Search results (/user/search-product): the list the last search stored, with a gender filter. */
export default function SearchResultsScreen() {
  const dispatch = useAppDispatch();
  const results = useAppSelector(selectSearchResults);
  const products = useAppSelector(selectSearchProducts);
  const [gender, setGender] = useState<Gender>('');

  // a reload keeps the page: the last query is in session storage
  useEffect(() => {
    if (results.status !== 'idle') return;
    const query = readQuery();
    if (query) dispatch(searchSubmitted(query));
  }, [dispatch, results.status]);

  const rows = useMemo(() => {
    const g = gender.toLowerCase();
    return g ? results.items.filter((item) => (item.genero ?? '').toLowerCase().includes(g)) : results.items;
  }, [results.items, gender]);

  return (
    <Box component="section" aria-labelledby="busqueda-title">
      <Typography id="busqueda-title" variant="h1" component="h1" gutterBottom>
        Resultado de Busqueda
      </Typography>
      {results.query && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {`Búsqueda: "${results.query}"`}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <TextField
          select
          size="small"
          label="Género"
          value={gender}
          onChange={(e) => setGender(e.target.value as Gender)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 200 }}
        >
          {GENDERS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary">
          {MSG.vatNote}
        </Typography>
      </Box>
      {results.status === 'failed' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {products.error ?? MSG.connectionProblemLater}
        </Alert>
      )}
      <Suspense fallback={<PageSpinner label="Cargando tabla" />}>
        <SearchResultsGrid rows={rows} loading={results.status === 'searching'} />
      </Suspense>
    </Box>
  );
}
