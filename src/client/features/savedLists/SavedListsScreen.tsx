import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { SavedList } from '@shared/api/savedLists';
import { fill } from '@shared/messages';
import { formatInteger } from '@shared/money';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { PageSpinner } from '@client/components/PageSpinner';
import { ProblemAlert } from '@client/components/ProblemAlert';
import { ListNameForm } from './ListNameForm';
import { savedListPath, SAVED_LISTS_TEXT as T } from './savedListsTexts';
import { savedListChangeRequested, savedListCreateRequested, savedListDeleteRequested, savedListsRequested, selectSavedLists } from './savedListsSlice';
import './savedListsFeature'; // the feature's slice and saga, in the store before this screen renders

const updatedText = (iso: string) => new Date(iso).toLocaleDateString('es-CL', { day: '2-digit', month: '2-digit', year: 'numeric' });

function ListCard({ list, busy, onRename }: { list: SavedList; busy: boolean; onRename: (list: SavedList) => void }) {
  const dispatch = useAppDispatch();
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Link component={RouterLink} to={savedListPath(list.id)} aria-label={fill(T.openOf, { name: list.name })} sx={{ fontWeight: 600, fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
              {list.name}
            </Link>
            {list.shared && <Chip size="small" color="primary" variant="outlined" label={T.sharedChip} />}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {`${T.styles}: ${formatInteger(list.styles)} · ${T.updated}: ${updatedText(list.updatedAt)}`}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>{`${T.owner}: ${list.owner}`}</Typography>
        </Box>
        {list.mine && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <FormControlLabel
              control={
                <Switch
                  checked={list.shared}
                  disabled={busy}
                  onChange={(e) => dispatch(savedListChangeRequested({ id: list.id, shared: e.target.checked }))}
                  slotProps={{ input: { 'aria-label': fill(T.sharedOf, { name: list.name }) } }}
                />
              }
              label={T.shared}
            />
            <IconButton aria-label={fill(T.renameOf, { name: list.name })} color="primary" onClick={() => onRename(list)} sx={{ minWidth: 44, minHeight: 44 }}>
              <EditIcon />
            </IconButton>
            <IconButton
              aria-label={fill(T.deleteOf, { name: list.name })}
              color="error"
              disabled={busy}
              onClick={() => dispatch(savedListDeleteRequested({ id: list.id, name: list.name }))}
              sx={{ minWidth: 44, minHeight: 44 }}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** 'Listas guardadas' (/user/listas): the buyer's lists and the company's shared ones; create, rename, share, delete. */
export default function SavedListsScreen() {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectSavedLists);
  const [renaming, setRenaming] = useState<SavedList | null>(null);

  useEffect(() => {
    dispatch(savedListsRequested());
  }, [dispatch]);
  // a rename that went through closes its dialog (the list's name is no longer the one it opened with)
  const renamedTo = state.lists.find((l) => l.id === renaming?.id)?.name;
  const renameOpen = renaming !== null && renamedTo === renaming.name;

  return (
    <Box component="section" aria-labelledby="listas-title">
      <Typography id="listas-title" variant="h1" component="h1" gutterBottom>
        {T.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {T.intro}
      </Typography>

      <Paper component="section" aria-labelledby="nueva-lista-title" variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography id="nueva-lista-title" variant="h2" component="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
          {T.newList}
        </Typography>
        <ListNameForm id="nueva-lista" label={T.name} submitLabel={T.create} busy={state.saving} onSubmit={(name) => dispatch(savedListCreateRequested({ name }))} />
      </Paper>

      {state.listsStatus === 'loading' && state.lists.length === 0 && <PageSpinner label={T.loading} />}
      {state.listsStatus === 'failed' && <ProblemAlert message={state.listsError ?? ''} onRetry={() => dispatch(savedListsRequested())} retryLabel={T.retry} />}
      {state.listsStatus === 'ready' && state.lists.length === 0 && <Alert severity="info">{T.empty}</Alert>}
      {state.lists.length > 0 && (
        <Stack component="ul" spacing={1.5} aria-labelledby="listas-title" sx={{ p: 0, m: 0 }}>
          {state.lists.map((list) => (
            <ListCard key={list.id} list={list} busy={state.saving} onRename={setRenaming} />
          ))}
        </Stack>
      )}

      <Dialog open={renameOpen} onClose={() => setRenaming(null)} aria-labelledby="renombrar-title" fullWidth maxWidth="sm">
        <DialogTitle id="renombrar-title">{T.renameTitle}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          {renameOpen && (
            <ListNameForm
              id="renombrar-lista"
              label={T.name}
              submitLabel={T.save}
              initial={renaming.name}
              busy={state.saving}
              onSubmit={(name) => dispatch(savedListChangeRequested({ id: renaming.id, name }))}
              onCancel={() => setRenaming(null)}
              cancelLabel={T.cancel}
            />
          )}
        </DialogContent>
      </Dialog>
    </Box>
  );
}
