import DownloadIcon from '@mui/icons-material/Download';
import ImageIcon from '@mui/icons-material/Image';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { fill } from '@shared/messages';
import type { ChequePhotoState } from './adminOrdersSlice';
import { ADMIN_ORDERS_TEXT as T } from './adminOrdersTexts';

interface Props {
  number: string;
  photo: ChequePhotoState;
  onShow: () => void;
}

/**
 * The cheque photo: fetched on request through the admin download with the token (it carries bank and account
 * numbers, so nothing loads it without the admin asking), then shown and offered for download from its object URL.
 */
export function ChequePhotoView({ number, photo, onShow }: Props) {
  if (photo.status === 'loaded' && photo.url) {
    const image = photo.type?.startsWith('image/') ?? false;
    return (
      <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
        {image ? (
          <Box
            component="img"
            src={photo.url}
            alt={fill(T.chequeAlt, { number })}
            sx={{ maxWidth: '100%', maxHeight: 420, border: 1, borderColor: 'divider', borderRadius: 1 }}
          />
        ) : (
          <Alert severity="info">{T.chequeIsFile}</Alert>
        )}
        <Button component="a" href={photo.url} download={photo.filename ?? undefined} startIcon={<DownloadIcon />}>
          {T.chequeDownload}
        </Button>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
      {photo.status === 'failed' && <Alert severity="error">{photo.error ?? T.chequeFailed}</Alert>}
      <Button
        variant="outlined"
        onClick={onShow}
        disabled={photo.status === 'loading'}
        startIcon={photo.status === 'loading' ? <CircularProgress size={16} color="inherit" aria-label={T.chequeLoading} /> : <ImageIcon />}
      >
        {T.showCheque}
      </Button>
    </Box>
  );
}
