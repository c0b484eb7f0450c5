import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { CatalogueItem } from '@shared/api/erp';
import { PageSpinner } from '@client/components/PageSpinner';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import type { GenderFilter } from '@shared/genderFilter';
import ProductListFilterBar from '@client/components/ProductListFilterBar';
import { filterCatalogue } from './catalogFilter';
import { catalogItemsRequested, selectCatalogItems } from './catalogSlice';
import { selectKeptState } from '@client/app/persistence';
import { choiceOf } from './catalogueChoice';
import './catalogFeature'; // the feature's slice and saga, in the store before this screen renders

// the Data Grid is the heaviest part of the screen: it loads after the title and the filter are shown
const ProductRowsGrid = lazy(() => import('@client/components/ProductRowsGrid'));

/** Catalogue product list (/user/catalog-detail): the rows of the category chosen on /user/catalog. */
export default function CatalogDetailScreen({ rowAction }: { rowAction?: (row: CatalogueItem) => ReactNode }) {
  const dispatch = useAppDispatch();
  const { status, data, error } = useAppSelector(selectCatalogItems);
  const keptState = useAppSelector(selectKeptState);
  const [choice] = useState(() => choiceOf(keptState));
  const [gender, setGender] = useState<GenderFilter>('');
  const [incoming, setIncoming] = useState(false);
  const rows = useMemo(() => filterCatalogue(data, choice, gender, incoming), [data, choice, gender, incoming]);
  const path = [choice.category, choice.scategory, choice.sscategory].filter(Boolean);

  useEffect(() => {
    dispatch(catalogItemsRequested());
  }, [dispatch]);

  return (
    <Box component="section" aria-labelledby="catalogo-lista-title">
      <Typography id="catalogo-lista-title" variant="h1" component="h1" gutterBottom>
        Catalogo - Lista Productos
      </Typography>
      {path.length > 0 && (
        <Breadcrumbs aria-label="Categoría elegida" sx={{ mb: 2 }}>
          {path.map((level) => (
            <Typography key={level} color="text.primary">
              {level}
            </Typography>
          ))}
        </Breadcrumbs>
      )}
      <ProductListFilterBar gender={gender} onGenderChange={setGender} incoming={incoming} onIncomingChange={setIncoming} />
      {status === 'failed' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Suspense fallback={<PageSpinner label="Cargando tabla" />}>
        <ProductRowsGrid rows={rows} loading={status === 'loading' || status === 'idle'} label="Productos del catálogo" link="icon" rowAction={rowAction} />
      </Suspense>
    </Box>
  );
}
