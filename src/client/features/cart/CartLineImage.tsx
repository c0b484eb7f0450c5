import CheckroomIcon from '@mui/icons-material/Checkroom';
import Box from '@mui/material/Box';
import type { CartItem } from '@shared/api/cart';

/** The product photo of a line; decorative (alt ''), since the name is written next to it. */
export function CartLineImage({ item, size }: { item: Pick<CartItem, 'urlImageMain'>; size: number }) {
  const frame = { width: size, height: size, flexShrink: 0, borderRadius: 1, bgcolor: 'grey.100' } as const;
  if (!item.urlImageMain) {
    return (
      <Box sx={{ ...frame, display: 'flex', alignItems: 'center', justifyContent: 'center', color: 'text.disabled' }}>
        <CheckroomIcon aria-hidden />
      </Box>
    );
  }
  return <Box component="img" src={item.urlImageMain} alt="" loading="lazy" width={size} height={size} sx={{ ...frame, objectFit: 'cover', display: 'block' }} />;
}
