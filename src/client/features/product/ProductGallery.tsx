import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

const arrowSx = { position: 'absolute', top: '50%', transform: 'translateY(-50%)', bgcolor: 'rgba(255,255,255,0.85)', '&:hover': { bgcolor: '#fff' } } as const;

/** The product's (up to) three images: one at a time, previous/next buttons and a thumbnail per image. */
export function ProductGallery({ name, images }: { name: string; images: string[] }) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  if (!count) {
    return (
      <Box role="img" aria-label={`${name}: sin imagen`} sx={{ aspectRatio: '1 / 1', bgcolor: 'grey.100', borderRadius: 2, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Typography color="text.secondary">Sin imagen</Typography>
      </Box>
    );
  }
  const current = index % count;
  const go = (next: number) => setIndex(((next % count) + count) % count);
  return (
    <Box component="section" aria-roledescription="carrusel" aria-label={`Imágenes de ${name}`}>
      <Box sx={{ position: 'relative', aspectRatio: '1 / 1', bgcolor: 'grey.100', borderRadius: 2, overflow: 'hidden' }} aria-live="polite">
        <Box component="img" src={images[current]} alt={`${name} - imagen ${current + 1} de ${count}`} sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }} />
        {count > 1 && (
          <>
            <IconButton aria-label="Imagen anterior" onClick={() => go(current - 1)} sx={{ ...arrowSx, left: 8 }}>
              <ChevronLeft />
            </IconButton>
            <IconButton aria-label="Imagen siguiente" onClick={() => go(current + 1)} sx={{ ...arrowSx, right: 8 }}>
              <ChevronRight />
            </IconButton>
          </>
        )}
      </Box>
      {count > 1 && (
        <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
          {images.map((src, i) => (
            <ButtonBase
              key={`${i}-${src}`}
              focusRipple
              aria-label={`Ver imagen ${i + 1}`}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => go(i)}
              sx={{ width: 64, height: 64, borderRadius: 1, overflow: 'hidden', outline: i === current ? 2 : 0, outlineStyle: 'solid', outlineColor: 'primary.main' }}
            >
              <Box component="img" src={src} alt="" loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
            </ButtonBase>
          ))}
        </Box>
      )}
    </Box>
  );
}
