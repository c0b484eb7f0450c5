import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type Theme } from '@mui/material/styles';
import { Fragment, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CatalogueTree } from '@shared/api/erp';
import { PageSpinner } from '@client/components/PageSpinner';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { catalogTreeRequested, selectCatalogTree } from './catalogSlice';
import { keepChoice, type CatalogueChoice } from './catalogueChoice';
import './catalogFeature'; // the feature's slice and saga, in the store before this screen renders

type Category = CatalogueTree['categorias'][number];

/** The category image is named after the category in lower case (R-CAT-1). */
export const categoryImage = (name: string) => `/categorias/${encodeURIComponent(name.toLowerCase())}.svg`;

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function Subcategories({ category, onChoose }: { category: Category; onChoose: (choice: CatalogueChoice) => void }) {
  return (
    <Paper
      id={`categoria-${slug(category.descr)}`}
      component="section"
      aria-label={`Subcategorías de ${category.descr}`}
      variant="outlined"
      sx={{ gridColumn: '1 / -1', p: { xs: 1.5, sm: 2 } }}
    >
      <Button variant="contained" size="small" onClick={() => onChoose({ category: category.descr, scategory: '', sscategory: '' })} sx={{ mb: 2 }}>
        {`Ver todo ${category.descr}`}
      </Button>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}>
        {category.subcategorias.map((sub) => (
          <Box key={sub.descr}>
            <Button
              onClick={() => onChoose({ category: category.descr, scategory: sub.descr, sscategory: '' })}
              sx={{ fontWeight: 700, px: 1, justifyContent: 'flex-start', textAlign: 'left' }}
            >
              {sub.descr}
            </Button>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, pl: 2 }}>
              {sub.nivel3.map((n3) => (
                <li key={n3.descr}>
                  <Button
                    size="small"
                    color="inherit"
                    onClick={() => onChoose({ category: category.descr, scategory: sub.descr, sscategory: n3.descr })}
                    sx={{ justifyContent: 'flex-start', textAlign: 'left', textTransform: 'none' }}
                  >
                    {n3.descr}
                  </Button>
                </li>
              ))}
            </Box>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/** Catalogue (/user/catalog): the categories; one open at a time shows its subcategories and their third level. */
export default function CatalogScreen() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { status, data: categories, error } = useAppSelector(selectCatalogTree);
  const [open, setOpen] = useState<string | null>(null);
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const medium = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  const columns = wide ? 4 : medium ? 3 : 2;

  useEffect(() => {
    dispatch(catalogTreeRequested());
  }, [dispatch]);

  const choose = (choice: CatalogueChoice) => {
    dispatch(keepChoice(choice));
    navigate('/user/catalog-detail');
  };

  const openIndex = categories.findIndex((c) => c.descr === open);
  // the open category's panel goes right after the row that holds it
  const panelAfter = openIndex < 0 ? -1 : Math.min(categories.length - 1, Math.floor(openIndex / columns) * columns + columns - 1);

  return (
    <Box component="section" aria-labelledby="catalogo-title">
      <Typography id="catalogo-title" variant="h1" component="h1" gutterBottom>
        Catalogo
      </Typography>
      {status === 'loading' && <PageSpinner label="Cargando catálogo" />}
      {status === 'failed' && <Alert severity="error">{error}</Alert>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {categories.map((category, i) => {
          const expanded = category.descr === open;
          return (
            <Fragment key={category.descr}>
              <Paper elevation={expanded ? 4 : 1} sx={{ overflow: 'hidden', outline: expanded ? 2 : 0, outlineColor: 'primary.main', outlineStyle: 'solid' }}>
                <ButtonBase
                  focusRipple
                  aria-expanded={expanded}
                  aria-controls={expanded ? `categoria-${slug(category.descr)}` : undefined}
                  onClick={() => setOpen(expanded ? null : category.descr)}
                  sx={{ display: 'flex', flexDirection: 'column', width: '100%', alignItems: 'stretch' }}
                >
                  <Box component="img" src={categoryImage(category.descr)} alt="" sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block', bgcolor: 'grey.100' }} />
                  <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 1.5, py: 1 }}>
                    <Typography component="span" sx={{ fontWeight: 700, fontSize: { xs: '0.85rem', sm: '1rem' }, textAlign: 'left' }}>
                      {category.descr}
                    </Typography>
                    {expanded ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />}
                  </Box>
                </ButtonBase>
              </Paper>
              {i === panelAfter && openIndex >= 0 && <Subcategories category={categories[openIndex]!} onChoose={choose} />}
            </Fragment>
          );
        })}
      </Box>
    </Box>
  );
}
