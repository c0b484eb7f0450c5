import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { MSG } from '../../../shared/messages';
import { PageSpinner } from '../../components/PageSpinner';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { filterCatalogue, GENDER_OPTIONS, type GenderFilter } from './catalogFilter';
import { catalogItemsRequested, selectCatalogItems } from './catalogSlice';
import { readChoice } from './catalogStorage';

// the Data Grid is the heaviest part of the screen: it loads after the title and the filter are shown
const CatalogGrid = lazy(() => import('./CatalogGrid'));

/** Catalogue product list (/user/catalog-detail): the rows of the category chosen on /user/catalog. */
export default function CatalogDetailScreen() {
  const dispatch = useAppDispatch();
  const { status, data, error } = useAppSelector(selectCatalogItems);
  const [choice] = useState(readChoice);
  const [gender, setGender] = useState<GenderFilter>('');
  const rows = useMemo(() => filterCatalogue(data, choice, gender), [data, choice, gender]);
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
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <TextField
          select
          size="small"
          label="Género"
          value={gender}
          onChange={(e) => setGender(e.target.value as GenderFilter)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 200 }}
        >
          {GENDER_OPTIONS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary">
          {MSG.vatNote}
        </Typography>
      </Box>
      {status === 'failed' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Suspense fallback={<PageSpinner label="Cargando tabla" />}>
        <CatalogGrid rows={rows} loading={status === 'loading' || status === 'idle'} />
      </Suspense>
    </Box>
  );
}
