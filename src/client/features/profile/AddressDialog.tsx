import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useId, useMemo } from 'react';
import type { Country, Region } from '@shared/api/erp';
import { addressSchema } from '@shared/schemas/profile';
import { useFocusFirstError } from '@client/components/focusFirstError';
import type { DraftAddress } from './profileDraft';
import { PROFILE_TEXT } from './profileTexts';

/** What the popup edits: codes in `pais`/`region` as the update call takes them. */
interface AddressValues {
  direccion: string;
  comuna: string;
  pais: string;
  region: string;
}

export type AddressChange = Pick<DraftAddress, 'direccion' | 'comuna' | 'idpais' | 'pais' | 'idregion' | 'region'>;

interface Props {
  open: boolean;
  /** 'Editar Dirección 2 de despacho' */
  title: string;
  address: DraftAddress | null;
  regions: Region[];
  countries: Country[];
  onCancel: () => void;
  onAccept: (change: AddressChange) => void;
}

const addressFormSchema = addressSchema.pick(['direccion', 'comuna', 'pais', 'region']);

/** Direcciones popup: address, commune, a country select and a region select filtered by the country. */
export function AddressDialog({ open, title, address, regions, countries, onCancel, onAccept }: Props) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {/* mounted while open (and closing) only: every opening starts from the draft's address */}
      {address && <AddressFormBody address={address} regions={regions} countries={countries} onCancel={onCancel} onAccept={onAccept} />}
    </Dialog>
  );
}

function AddressFormBody({ address, regions, countries, onCancel, onAccept }: Omit<Props, 'open' | 'title' | 'address'> & { address: DraftAddress }) {
  const idPrefix = useId();
  // a code the lists do not know starts empty, so the selects never hold a value they cannot show
  const initialValues = useMemo<AddressValues>(() => {
    const pais = countries.some((c) => c.idpais === address.idpais) ? address.idpais : '';
    const region = regions.some((r) => r.idregion === address.idregion && r.idpais === pais) ? address.idregion : '';
    return { direccion: address.direccion, comuna: address.comuna, pais, region };
  }, [address, regions, countries]);

  const formik = useFormik<AddressValues>({
    initialValues,
    validationSchema: addressFormSchema,
    onSubmit: (values) =>
      onAccept({
        direccion: values.direccion.trim(),
        comuna: values.comuna.trim(),
        idpais: values.pais,
        pais: countries.find((c) => c.idpais === values.pais)?.pais ?? values.pais,
        idregion: values.region,
        region: regions.find((r) => r.idregion === values.region)?.region ?? values.region,
      }),
  });
  // a refused submit takes the focus to the first field in error (components/focusFirstError)
  const formRef = useFocusFirstError(formik);
  const fieldError = (name: keyof AddressValues) => (formik.touched[name] && formik.errors[name]) || undefined;
  const countryRegions = regions.filter((r) => r.idpais === formik.values.pais);
  const textProps = (name: 'direccion' | 'comuna', label: string, autoComplete: string) => ({
    id: `${idPrefix}-${name}`,
    name,
    label,
    value: formik.values[name],
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    error: Boolean(fieldError(name)),
    helperText: fieldError(name),
    autoComplete,
    required: true,
    fullWidth: true,
    slotProps: { inputLabel: { required: false } },
  });

  return (
    <form ref={formRef} noValidate onSubmit={formik.handleSubmit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField {...textProps('direccion', PROFILE_TEXT.direccion, 'street-address')} />
          <TextField {...textProps('comuna', PROFILE_TEXT.comuna, 'address-level3')} />
          <TextField
            select
            id={`${idPrefix}-pais`}
            name="pais"
            label={PROFILE_TEXT.pais}
            value={formik.values.pais}
            // a new country empties the region: the old one belongs to another country. No touch on blur: the
            // select blurs when its menu opens, and the message would show before the user could choose.
            onChange={(e) => void formik.setValues({ ...formik.values, pais: e.target.value, region: '' })}
            error={Boolean(fieldError('pais'))}
            helperText={fieldError('pais')}
            required
            fullWidth
            slotProps={{ inputLabel: { required: false } }}
          >
            {countries.map((c) => (
              <MenuItem key={c.idpais} value={c.idpais}>
                {c.pais}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            id={`${idPrefix}-region`}
            name="region"
            label={PROFILE_TEXT.region}
            value={formik.values.region}
            onChange={(e) => void formik.setFieldValue('region', e.target.value)}
            error={Boolean(fieldError('region'))}
            helperText={fieldError('region') ?? (formik.values.pais ? undefined : PROFILE_TEXT.selectCountryFirst)}
            required
            fullWidth
            slotProps={{ inputLabel: { required: false } }}
          >
            {countryRegions.map((r) => (
              <MenuItem key={r.idregion} value={r.idregion}>
                {r.region}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{PROFILE_TEXT.cancel}</Button>
        <Button type="submit" variant="contained">
          {PROFILE_TEXT.accept}
        </Button>
      </DialogActions>
    </form>
  );
}
