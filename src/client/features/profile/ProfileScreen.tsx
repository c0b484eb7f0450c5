import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { CompanyDataForm } from '@shared/schemas/profile';
import { canRetry } from '@client/app/problems';
import { PageSpinner } from '@client/components/PageSpinner';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { AccountAlertsSection } from './AccountAlertsSection';
import { AddressDialog, type AddressChange } from './AddressDialog';
import { CompanyDataDialog } from './CompanyDataDialog';
import { draftFrom, isDraftDirty, toUpdateRequest, type DraftAddress, type ProfileDraft } from './profileDraft';
import {
  selectCatalogsStatus,
  selectCountries,
  selectCustomerProfile,
  selectProfileLoad,
  selectProfileSave,
  selectRegions,
} from './profileSelectors';
import { editAddressLabel, AddressesSection, CompanySection, FinancialSection, LoyaltySection } from './ProfileSections';
import { profileSaveAlertClosed, profileSaveSubmitted, profileScreenOpened } from './profileSlice';
import { PROFILE_TEXT } from './profileTexts';
import './profileFeature'; // the feature's slice and saga, in the store before this screen renders

const TABS = [
  { key: 'company', label: PROFILE_TEXT.tabCompany },
  { key: 'financial', label: PROFILE_TEXT.tabFinancial },
  { key: 'addresses', label: PROFILE_TEXT.tabAddresses },
  { key: 'loyalty', label: PROFILE_TEXT.tabLoyalty },
] as const;
type TabKey = (typeof TABS)[number]['key'];


/**
 * /profile (R-PROF-2): the buyer's ERP profile in four tabs; popups edit a draft that 'Guardar Cambios' sends. The
 * company's data is its administrator's to change (`editable`); the other people of the company read it. The people
 * who see the cuenta corriente (`accountAlerts`: Administrador, Finanzas) also get its mail alerts' switch, their own.
 */
export default function ProfileScreen({ editable = true, accountAlerts = false, stockAlerts }: { editable?: boolean; accountAlerts?: boolean; stockAlerts?: ReactNode }) {
  const dispatch = useAppDispatch();
  const profile = useAppSelector(selectCustomerProfile);
  const load = useAppSelector(selectProfileLoad);
  const save = useAppSelector(selectProfileSave);
  const catalogsStatus = useAppSelector(selectCatalogsStatus);
  const regions = useAppSelector(selectRegions);
  const countries = useAppSelector(selectCountries);
  const [tab, setTab] = useState<TabKey>('company');
  const [edited, setEdited] = useState<ProfileDraft | null>(null);
  const [dialog, setDialog] = useState<'company' | 'address' | null>(null);
  // kept after closing, so the popup keeps its title and fields while it fades out
  const [addressTarget, setAddressTarget] = useState<{ key: string; title: string } | null>(null);

  useEffect(() => {
    dispatch(profileScreenOpened());
  }, [dispatch]);

  // a draft belongs to the profile it started from: once a newer one arrives (saved), the draft starts over
  const draft = useMemo(() => (profile ? (edited?.base === profile ? edited : draftFrom(profile)) : null), [edited, profile]);

  const titleBlock = (
    <Typography id="profile-title" variant="h1" component="h1" gutterBottom>
      {PROFILE_TEXT.title}
    </Typography>
  );

  if (!profile || !draft) {
    return (
      <Paper component="section" aria-labelledby="profile-title" sx={{ p: { xs: 2, sm: 4 } }}>
        {titleBlock}
        {load.status === 'failed' ? (
          <Alert
            severity="error"
            action={
              // trying again helps only where the answer may change (app/problems.ts)
              canRetry(load.errorStatus) && (
                <Button color="inherit" size="small" onClick={() => dispatch(profileScreenOpened())}>
                  {PROFILE_TEXT.retry}
                </Button>
              )
            }
          >
            {PROFILE_TEXT.loadFailed} {load.error}
          </Alert>
        ) : (
          <PageSpinner label={PROFILE_TEXT.loading} />
        )}
      </Paper>
    );
  }

  const saving = save.status === 'running';
  const dirty = isDraftDirty(draft);
  const targetAddress = addressTarget ? (draft.addresses.find((a) => a.key === addressTarget.key) ?? null) : null;
  const closeDialog = () => setDialog(null);

  const acceptCompany = (company: CompanyDataForm) => {
    setEdited({ ...draft, company });
    closeDialog();
  };
  const acceptAddress = (change: AddressChange) => {
    setEdited({ ...draft, addresses: draft.addresses.map((a) => (a.key === addressTarget?.key ? { ...a, ...change, edited: true } : a)) });
    closeDialog();
  };
  const editAddress = (address: DraftAddress, n: number) => {
    setAddressTarget({ key: address.key, title: editAddressLabel(address, n) });
    setDialog('address');
  };

  const panels: Record<TabKey, () => ReactNode> = {
    company: () => <CompanySection draft={draft} onEdit={() => setDialog('company')} disabled={saving || !editable} />,
    financial: () => <FinancialSection profile={profile} />,
    addresses: () => <AddressesSection draft={draft} onEdit={editAddress} disabled={saving || !editable || catalogsStatus !== 'loaded'} />,
    loyalty: () => <LoyaltySection profile={profile} />,
  };

  return (
    <Paper component="section" aria-labelledby="profile-title" sx={{ p: { xs: 2, sm: 4 } }}>
      {titleBlock}
      <Tabs
        value={tab}
        onChange={(_e, next: TabKey) => setTab(next)}
        aria-label={PROFILE_TEXT.tabsLabel}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {TABS.map((t) => (
          <Tab key={t.key} value={t.key} label={t.label} id={`profile-tab-${t.key}`} aria-controls={`profile-panel-${t.key}`} />
        ))}
      </Tabs>

      {TABS.map((t) => (
        // every panel exists for its tab's aria-controls; only the selected one has content
        <Box key={t.key} role="tabpanel" id={`profile-panel-${t.key}`} aria-labelledby={`profile-tab-${t.key}`} hidden={tab !== t.key} sx={{ minHeight: 160 }}>
          {tab === t.key && panels[t.key]()}
        </Box>
      ))}

      {save.error && (
        <Alert severity="error" onClose={() => dispatch(profileSaveAlertClosed())} sx={{ mt: 3 }}>
          {save.error}
        </Alert>
      )}
      {dirty && !saving && (
        <Typography role="status" color="text.secondary" sx={{ mt: 3 }}>
          {PROFILE_TEXT.unsaved}
        </Typography>
      )}
      {editable ? (
        <Box sx={{ mt: 3, display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 2 }}>
          {saving && <CircularProgress size={28} aria-label={PROFILE_TEXT.saving} />}
          <Button
            variant="contained"
            size="large"
            disabled={saving}
            onClick={() => dispatch(profileSaveSubmitted(toUpdateRequest(draft)))}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {PROFILE_TEXT.save}
          </Button>
        </Box>
      ) : (
        <Alert severity="info" sx={{ mt: 3 }}>
          {PROFILE_TEXT.onlyAdministrator}
        </Alert>
      )}

      {accountAlerts && <AccountAlertsSection />}
      {/* 'Avisos de stock' (docs/stock-alerts.md): the stock-alerts feature's section, for people who buy */}
      {stockAlerts}

      <CompanyDataDialog open={dialog === 'company'} initial={draft.company} onCancel={closeDialog} onAccept={acceptCompany} />
      <AddressDialog
        open={dialog === 'address'}
        title={addressTarget?.title ?? ''}
        address={targetAddress}
        regions={regions}
        countries={countries}
        onCancel={closeDialog}
        onAccept={acceptAddress}
      />
    </Paper>
  );
}
