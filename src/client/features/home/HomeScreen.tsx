import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { MSG } from '@shared/messages';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { VatNote } from '@client/components/VatNote';
import { BannerCarousel, DEFAULT_BANNER_RATIO } from './BannerCarousel';
import { isPending } from '@client/app/loadable';
import { homeOpened, selectBanner, selectOffers, type OfferTab } from './homeSlice';
import { OfferCard } from './OfferCard';
import './homeFeature'; // the feature's slice and saga, in the store before this screen renders

const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

const TABS: { tab: OfferTab; label: string }[] = [
  { tab: 'women', label: 'Mujer' },
  { tab: 'men', label: 'Hombre' },
];

function OfferList({ tab }: { tab: OfferTab }) {
  const { status, data: items } = useAppSelector(selectOffers(tab));
  if (isPending(status)) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Cargando ofertas" />
      </Box>
    );
  }
  if (!items.length) {
    return <Typography sx={{ py: 3, textAlign: 'center' }} color="text.secondary">{status === 'failed' ? 'Ofertas no disponibles' : 'No hay ofertas por ahora'}</Typography>;
  }
  return (
    <>
      <VatNote sx={{ mb: 1.5 }} />
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }}>
        {items.map((offer) => (
          <li key={offer.sku}>
            <OfferCard offer={offer} />
          </li>
        ))}
      </Box>
    </>
  );
}

export interface HomeScreenProps {
  /** A buyer with a blocking flag (R-BLOCK-2): the Advertencia bar. The app composes it from the session. */
  blocked?: boolean;
}

/** Home (/): blocked-buyer warning, banner carousel and the OFERTAS section with its Mujer / Hombre tabs. */
export default function HomeScreen({ blocked = false }: HomeScreenProps) {
  const dispatch = useAppDispatch();
  const banner = useAppSelector(selectBanner);
  const [tab, setTab] = useState<OfferTab>('women');

  useEffect(() => {
    dispatch(homeOpened());
  }, [dispatch]);

  return (
    <Box>
      <Typography variant="h1" sx={visuallyHidden}>
        Home
      </Typography>
      {blocked && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>{MSG.messageBarWarning}</AlertTitle>
          {MSG.blocked}
        </Alert>
      )}
      {banner.status === 'loading' && !banner.data.length ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', aspectRatio: String(DEFAULT_BANNER_RATIO), mb: 3, bgcolor: 'grey.100', borderRadius: 2 }}>
          <CircularProgress aria-label="Cargando banners" />
        </Box>
      ) : (
        <BannerCarousel images={banner.data} />
      )}
      <Box component="section" aria-labelledby="ofertas-title">
        <Typography id="ofertas-title" variant="h2" component="h2" sx={{ mb: 1, letterSpacing: 1 }}>
          OFERTAS
        </Typography>
        <Tabs value={tab} onChange={(_e, next: OfferTab) => setTab(next)} aria-label="Ofertas por género" sx={{ mb: 2 }}>
          {TABS.map(({ tab: value, label }) => (
            <Tab key={value} value={value} label={label} id={`ofertas-tab-${value}`} aria-controls={`ofertas-panel-${value}`} />
          ))}
        </Tabs>
        {TABS.map(({ tab: value }) => (
          <div key={value} role="tabpanel" id={`ofertas-panel-${value}`} aria-labelledby={`ofertas-tab-${value}`} hidden={tab !== value}>
            {tab === value && <OfferList tab={value} />}
          </div>
        ))}
      </Box>
    </Box>
  );
}
