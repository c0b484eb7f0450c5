import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { GENDER_OPTIONS, type GenderFilter } from '@shared/genderFilter';
import { INCOMING_TEXTS } from '@shared/incoming';
import { VatNote } from './VatNote';

interface FilterBarProps {
  gender: GenderFilter;
  onGenderChange: (g: GenderFilter) => void;
  /** 'Por llegar': only styles with units on their way (docs/incoming.md). */
  incoming?: boolean;
  onIncomingChange?: (incoming: boolean) => void;
}

/** The gender select, the 'Por llegar' filter and the VAT note above a product list (catalogue list, search results). */
export default function ProductListFilterBar({ gender, onGenderChange, incoming = false, onIncomingChange }: FilterBarProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
      <TextField
        select
        size="small"
        label="Género"
        value={gender}
        onChange={(e) => onGenderChange(e.target.value as GenderFilter)}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 200 }}
      >
        {GENDER_OPTIONS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      {onIncomingChange && (
        <FormControlLabel
          control={<Checkbox checked={incoming} onChange={(e) => onIncomingChange(e.target.checked)} />}
          label={INCOMING_TEXTS.chip}
          sx={{ minHeight: 44, mr: 0 }}
        />
      )}
      <VatNote />
    </Box>
  );
}
