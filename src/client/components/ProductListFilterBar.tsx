import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { GENDER_OPTIONS, type GenderFilter } from '@shared/genderFilter';
import { VatNote } from './VatNote';

/** The gender select and the VAT note above a product list (catalogue list, search results). */
export default function ProductListFilterBar({ gender, onGenderChange }: { gender: GenderFilter; onGenderChange: (g: GenderFilter) => void }) {
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
      <VatNote />
    </Box>
  );
}
