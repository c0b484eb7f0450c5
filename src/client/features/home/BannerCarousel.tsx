import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useEffect, useRef, useState } from 'react';

/** R-HOME-1: the carousel advances every 2500 ms. */
export const CAROUSEL_INTERVAL_MS = 2500;

/** False while the page is in a background tab or the carousel is scrolled out of view. */
function useShown(ref: React.RefObject<HTMLElement | null>): boolean {
  const [pageVisible, setPageVisible] = useState(() => typeof document === 'undefined' || document.visibilityState !== 'hidden');
  const [inView, setInView] = useState(true);
  useEffect(() => {
    const onChange = () => setPageVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(([entry]) => setInView(entry ? entry.isIntersecting : true));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return pageVisible && inView;
}

const controlSx = { bgcolor: 'rgba(0,0,0,0.45)', color: '#fff', '&:hover': { bgcolor: 'rgba(0,0,0,0.65)' } } as const;

/**
 * The banner set's shape until its first image says its own: the demo's and the admin's usual banners are 1600 × 500.
 * The spec's banner has three images and no phone version, so the frame takes the image's proportions and shows it
 * whole (object-fit: contain) at every width instead of cropping it.
 */
export const DEFAULT_BANNER_RATIO = 1600 / 500;

/** Previous and next: over the banner's sides from the small breakpoint up, in the row under it on a phone. */
const arrowSx = (side: 'left' | 'right') =>
  ({
    ...controlSx,
    position: { xs: 'static', sm: 'absolute' },
    top: { sm: '50%' },
    [side]: { sm: 8 },
    transform: { sm: 'translateY(-50%)' },
    pointerEvents: 'auto',
  }) as const;

/**
 * The home banners: one image at a time, advancing by itself; a pause/play button, previous/next buttons
 * and one dot per image, all reachable by keyboard. It holds still while hovered, focused or hidden. Each banner is
 * shown whole: the frame has the image's proportions (no crop at 375 px); on a phone the controls sit in a row under
 * it, so they cover none of its text.
 */
export function BannerCarousel({ images, label = 'Banners' }: { images: string[]; label?: string }) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [held, setHeld] = useState(false);
  const [ratio, setRatio] = useState(DEFAULT_BANNER_RATIO);
  const rootRef = useRef<HTMLElement>(null);
  const shown = useShown(rootRef);
  const count = images.length;
  const current = count ? index % count : 0;
  const running = playing && !held && shown && count > 1;

  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [running, count]);

  if (!count) return null;
  const go = (next: number) => setIndex(((next % count) + count) % count);
  // the first banner's own proportions shape the frame (the others are shown whole inside it)
  const measure = (img: HTMLImageElement) => {
    if (img.naturalWidth > 0 && img.naturalHeight > 0) setRatio(img.naturalWidth / img.naturalHeight);
  };

  return (
    <Box
      component="section"
      ref={rootRef}
      aria-roledescription="carrusel"
      aria-label={label}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e: React.FocusEvent<HTMLElement>) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHeld(false);
      }}
      sx={{ position: 'relative', width: '100%', mb: 3 }}
    >
      {/* announces the slide only when the user drives it, not on every automatic turn */}
      <Box
        aria-live={running ? 'off' : 'polite'}
        data-banner-frame=""
        sx={{ position: 'relative', width: '100%', aspectRatio: String(ratio), overflow: 'hidden', borderRadius: 2, bgcolor: 'grey.200' }}
      >
        {images.map((src, i) => (
          <Box
            key={`${i}-${src}`}
            role="group"
            aria-roledescription="diapositiva"
            aria-label={`${i + 1} de ${count}`}
            aria-hidden={i !== current}
            sx={{ position: 'absolute', inset: 0, opacity: i === current ? 1 : 0, transition: 'opacity 400ms ease', visibility: i === current ? 'visible' : 'hidden' }}
          >
            <Box
              component="img"
              src={src}
              alt={`Banner ${i + 1} de ${count}`}
              loading={i === 0 ? 'eager' : 'lazy'}
              onLoad={i === 0 ? (e: React.SyntheticEvent<HTMLImageElement>) => measure(e.currentTarget) : undefined}
              sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
            />
          </Box>
        ))}
      </Box>
      {count > 1 && (
        <Box
          data-banner-controls=""
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            mt: { xs: 1, sm: 0 },
            position: { xs: 'static', sm: 'absolute' },
            inset: { sm: 0 },
            pointerEvents: { sm: 'none' },
          }}
        >
          <IconButton aria-label="Banner anterior" onClick={() => go(current - 1)} sx={arrowSx('left')}>
            <ChevronLeft />
          </IconButton>
          <Box
            sx={{
              position: { xs: 'static', sm: 'absolute' },
              bottom: { sm: 8 },
              left: { sm: 0 },
              right: { sm: 0 },
              display: 'flex',
              justifyContent: 'center',
              alignItems: 'center',
              gap: 0.5,
              pointerEvents: 'auto',
              width: { sm: 'fit-content' },
              mx: { sm: 'auto' },
            }}
          >
            <IconButton size="small" aria-label={playing ? 'Pausar carrusel' : 'Reanudar carrusel'} onClick={() => setPlaying((p) => !p)} sx={controlSx}>
              {playing ? <Pause fontSize="small" /> : <PlayArrow fontSize="small" />}
            </IconButton>
            {images.map((src, i) => (
              <Box
                key={`dot-${i}-${src}`}
                component="button"
                type="button"
                aria-label={`Ir al banner ${i + 1}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
                sx={{
                  width: 24,
                  height: 24,
                  p: 0,
                  border: 0,
                  bgcolor: 'transparent',
                  cursor: 'pointer',
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  // over the banner: white dots; under it (phone), on the page: the theme's colours
                  '&::after': {
                    content: '""',
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    bgcolor: i === current ? { xs: 'primary.main', sm: '#fff' } : { xs: 'grey.500', sm: 'rgba(255,255,255,0.5)' },
                    boxShadow: { sm: '0 0 2px rgba(0,0,0,0.6)' },
                  },
                  '&:focus-visible': { outline: '2px solid', outlineColor: { xs: 'primary.main', sm: '#fff' }, outlineOffset: 1, borderRadius: '50%' },
                }}
              />
            ))}
          </Box>
          <IconButton aria-label="Banner siguiente" onClick={() => go(current + 1)} sx={arrowSx('right')}>
            <ChevronRight />
          </IconButton>
        </Box>
      )}
    </Box>
  );
}
