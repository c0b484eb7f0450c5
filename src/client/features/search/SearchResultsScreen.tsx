import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { CatalogueItem } from '@shared/api/erp';
import { matchesGender, type GenderFilter } from '@shared/genderFilter';
import { MSG } from '@shared/messages';
import ProductListFilterBar from '@client/components/ProductListFilterBar';
import { PageSpinner } from '@client/components/PageSpinner';
import { hasIncoming } from '@client/components/incoming';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { searchSubmitted, selectSearchProducts, selectSearchResults } from './searchSlice';
import { selectKept } from '@client/app/persistence';
import { SESSION_KEYS } from '@client/app/sessionKeys';
import './searchFeature'; // the feature's slice and saga, in the store before this screen renders

const ProductRowsGrid = lazy(() => import('@client/components/ProductRowsGrid'));

/** Search results (/user/search-product): the list the last search stored, with a gender filter. */
export default function SearchResultsScreen({ rowAction }: { rowAction?: (row: CatalogueItem) => ReactNode }) {
  const dispatch = useAppDispatch();
  const results = useAppSelector(selectSearchResults);
  const products = useAppSelector(selectSearchProducts);
  const [gender, setGender] = useState<GenderFilter>('');
  const [incoming, setIncoming] = useState(false);

  // a reload keeps the page: the last query is kept in the store (app/persistence)
  const keptQuery = useAppSelector(selectKept(SESSION_KEYS.searchSku));
  useEffect(() => {
    if (results.status !== 'idle') return;
    if (keptQuery) dispatch(searchSubmitted(keptQuery));
  }, [dispatch, results.status, keptQuery]);

  const rows = useMemo(
    () => results.items.filter((item) => matchesGender(item.genero, gender) && (!incoming || hasIncoming(item))),
    [results.items, gender, incoming],
  );

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
      <ProductListFilterBar gender={gender} onGenderChange={setGender} incoming={incoming} onIncomingChange={setIncoming} />
      {results.status === 'failed' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {products.error ?? MSG.connectionProblemLater}
        </Alert>
      )}
      <Suspense fallback={<PageSpinner label="Cargando tabla" />}>
        <ProductRowsGrid rows={rows} loading={results.status === 'searching'} label="Resultado de Busqueda" link="description" rowAction={rowAction} />
      </Suspense>
    </Box>
  );
}
