import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import type { CustomerProfile } from '@shared/api/erp';
import { formatCLP } from '@shared/money';
import { formatRut } from '@shared/rut';
import { loyaltyStars, type DraftAddress, type ProfileDraft } from './profileDraft';
import { addressLine, PROFILE_TEXT } from './profileTexts';

// The four tab panels of the profile screen: read-only views of the draft with the buttons that open the popups.

/** Label/value pairs as a description list: one column on phones, two from 600 px. */
function FieldList({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' }, columnGap: 3, rowGap: { xs: 0.25, sm: 1.5 } }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 600, mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value || '-'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function CompanySection({ draft, onEdit, disabled }: { draft: ProfileDraft; onEdit: () => void; disabled: boolean }) {
  const { base, company } = draft;
  return (
    <Stack spacing={2}>
      <FieldList
        rows={[
          [PROFILE_TEXT.rut, base.rut ? formatRut(base.rut) : ''],
          [PROFILE_TEXT.companyName, base.nombre],
          [PROFILE_TEXT.giro, company.giro],
          [PROFILE_TEXT.mail, company.mail],
          [PROFILE_TEXT.telefono, company.telefono],
        ]}
      />
      <Box>
        <Button variant="outlined" startIcon={<EditIcon />} onClick={onEdit} disabled={disabled}>
          {PROFILE_TEXT.editCompany}
        </Button>
      </Box>
    </Stack>
  );
}

export function FinancialSection({ profile }: { profile: CustomerProfile }) {
  return (
    <FieldList
      rows={[
        [PROFILE_TEXT.paymentCondition, profile.condpago],
        [PROFILE_TEXT.approvedCredit, formatCLP(profile.credAprob)],
        [PROFILE_TEXT.creditLimit, formatCLP(profile.limitecred)],
      ]}
    />
  );
}

/** 'Editar Dirección 2 de despacho': the name of an address's edit button and popup. */
export function editAddressLabel(address: DraftAddress, n: number): string {
  return `${PROFILE_TEXT.editAddress} ${n} de ${address.addressType === 'B' ? PROFILE_TEXT.billingWord : PROFILE_TEXT.dispatchWord}`;
}

function AddressGroup({ title, addresses, onEdit, disabled }: { title: string; addresses: DraftAddress[]; onEdit: (a: DraftAddress, n: number) => void; disabled: boolean }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" component="h2" sx={{ fontSize: '1.1rem' }}>
        {title}
      </Typography>
      {addresses.length === 0 ? (
        <Typography sx={{ mt: 1 }} color="text.secondary">
          {PROFILE_TEXT.noAddresses}
        </Typography>
      ) : (
        <List dense>
          {addresses.map((a, i) => (
            <ListItem
              key={a.key}
              disableGutters
              secondaryAction={
                <IconButton edge="end" aria-label={editAddressLabel(a, i + 1)} onClick={() => onEdit(a, i + 1)} disabled={disabled}>
                  <EditIcon />
                </IconButton>
              }
            >
              <ListItemText primary={addressLine(i + 1, a)} sx={{ overflowWrap: 'anywhere' }} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

export function AddressesSection({ draft, onEdit, disabled }: { draft: ProfileDraft; onEdit: (a: DraftAddress, n: number) => void; disabled: boolean }) {
  return (
    <Stack spacing={2}>
      <AddressGroup title={PROFILE_TEXT.billingAddresses} addresses={draft.addresses.filter((a) => a.addressType === 'B')} onEdit={onEdit} disabled={disabled} />
      <AddressGroup title={PROFILE_TEXT.dispatchAddresses} addresses={draft.addresses.filter((a) => a.addressType === 'S')} onEdit={onEdit} disabled={disabled} />
    </Stack>
  );
}

export function LoyaltySection({ profile }: { profile: CustomerProfile }) {
  const stars = loyaltyStars(profile.fidelizacion);
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Rating readOnly value={stars} max={5} size="large" getLabelText={(value: number) => `${value} de 5 estrellas`} />
      <Typography>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {PROFILE_TEXT.currentLevel}:
        </Box>{' '}
        {profile.fidelizacion || '-'}
      </Typography>
    </Stack>
  );
}
