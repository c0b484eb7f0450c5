import ConstructionIcon from '@mui/icons-material/Construction';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MSG } from '../../shared/messages';

/** A route whose screen a later issue builds. */
export function Placeholder({ title }: { title: string }) {
  return (
    <Paper component="section" aria-labelledby="placeholder-title" sx={{ p: { xs: 2, sm: 4 }, textAlign: 'center' }}>
      <Typography id="placeholder-title" variant="h1" component="h1" gutterBottom>
        {title}
      </Typography>
      <ConstructionIcon color="action" sx={{ fontSize: 48 }} aria-hidden />
      <Typography>{MSG.underConstruction}</Typography>
    </Paper>
  );
}
