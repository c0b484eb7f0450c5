import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { fill } from '@shared/messages';
import { SAVED_LIST_NAME_MAX, savedListSchema } from '@shared/schemas/savedLists';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { PRIMARY_ACTION_SX } from '@client/app/problems';
import { heldButton } from '@client/components/heldButton';
import { SAVED_LISTS_TEXT as T } from './savedListsTexts';
import { savedListsRequested, selectSavedLists, styleSaveRequested } from './savedListsSlice';
import './savedListsFeature'; // the feature's slice and saga, in the store before this control renders

const NEW = 'nueva';

/** The name typed for a new list, checked with the schema the server checks it with ('' when fine). */
function nameProblem(name: string): string {
  try {
    savedListSchema.validateSync({ name });
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * 'Guardar en lista' of one style (a colour): a dialog to choose one of the buyer's own lists or name a new one. On the
 * product detail, each colour of the size grid and each search or catalogue result.
 */
export default function SaveToListButton({ style, name, variant = 'button' }: { style: string; name: string; variant?: 'button' | 'icon' }) {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectSavedLists);
  const [opened, setOpened] = useState(false);
  const [choice, setChoice] = useState('');
  const [newName, setNewName] = useState('');
  const [problem, setProblem] = useState('');
  /** The count of saves when 'Guardar' was pressed: a save that went through since closes the dialog. */
  const [sentAt, setSentAt] = useState<number | null>(null);
  const labelId = useId();
  const own = state.lists.filter((l) => l.mine);
  const open = opened && !(sentAt !== null && state.styleSaves > sentAt);
  const busy = sentAt !== null && state.saving;
  const show = () => {
    setOpened(true);
    setSentAt(null);
    dispatch(savedListsRequested());
  };
  const close = () => setOpened(false);

  const selected = choice || (own.length ? String(own[0]!.id) : NEW);
  const save = () => {
    if (selected === NEW) {
      const found = nameProblem(newName);
      setProblem(found);
      if (found) return;
    }
    setSentAt(state.styleSaves);
    dispatch(styleSaveRequested({ style, target: selected === NEW ? { newName: newName.trim() } : { listId: Number(selected) } }));
  };
  const label = fill(T.saveToListOf, { name });

  return (
    <>
      {variant === 'icon' ? (
        <IconButton aria-label={label} color="primary" size="small" onClick={show}>
          <BookmarkAddIcon fontSize="small" />
        </IconButton>
      ) : (
        <Button variant="outlined" startIcon={<BookmarkAddIcon />} aria-label={label} onClick={show} sx={PRIMARY_ACTION_SX}>
          {T.saveToList}
        </Button>
      )}
      <Dialog open={open} onClose={close} aria-labelledby={labelId} fullWidth maxWidth="xs">
        <DialogTitle id={labelId}>{fill(T.saveToListTitle, { name })}</DialogTitle>
        <DialogContent>
          {state.listsStatus === 'loading' && own.length === 0 && <CircularProgress size={24} aria-label={T.loading} />}
          <FormControl fullWidth>
            <FormLabel id={`${labelId}-choice`}>{T.chooseList}</FormLabel>
            <RadioGroup aria-labelledby={`${labelId}-choice`} value={selected} onChange={(e) => setChoice(e.target.value)}>
              {own.map((list) => (
                <FormControlLabel key={list.id} value={String(list.id)} control={<Radio />} label={list.name} />
              ))}
              <FormControlLabel value={NEW} control={<Radio />} label={T.orNew} />
            </RadioGroup>
          </FormControl>
          {state.listsStatus === 'ready' && own.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {T.noOwnLists}
            </Typography>
          )}
          {selected === NEW && (
            <TextField
              label={T.newListName}
              value={newName}
              onChange={(e) => {
                setNewName(e.target.value);
                if (problem) setProblem('');
              }}
              onKeyDown={(e) => e.key === 'Enter' && save()}
              error={Boolean(problem)}
              helperText={problem || ' '}
              fullWidth
              autoFocus
              size="small"
              sx={{ mt: 1 }}
              slotProps={{ htmlInput: { maxLength: SAVED_LIST_NAME_MAX } }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{T.cancel}</Button>
          <Button variant="contained" {...heldButton(busy, save)} sx={PRIMARY_ACTION_SX}>
            {T.saveHere}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
