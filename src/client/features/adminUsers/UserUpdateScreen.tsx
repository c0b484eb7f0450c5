import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { USER_MSG } from '@shared/schemas/users';
import { useAddressId } from '@client/app/addressId';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { PageSpinner } from '@client/components/PageSpinner';
import { USER_LIST_PATH } from './adminUsersPaths';
import { selectCurrentRole, selectEditedUser, selectEditedUserId, selectSalesPersons, selectUserSave } from './adminUsersSelectors';
import { salesPersonsWanted, userEditOpened, userSaveErrorClosed, userSaveSubmitted } from './adminUsersSlice';
import { ADMIN_USERS_TEXT } from './adminUsersTexts';
import { UserForm, userFormValues } from './UserForm';
import './adminUsersFeature'; // the feature's slice and saga, in the store before this screen renders

/** While there is no form: the title, and a spinner or a message with the way back. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Paper component="section" aria-labelledby="user-update-title" sx={{ p: { xs: 2, sm: 4 }, width: '100%', maxWidth: 720 }}>
        <Typography id="user-update-title" variant="h1" component="h1" gutterBottom>
          {USER_MSG.updateTitle}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}

function Problem({ severity, text }: { severity: 'info' | 'error'; text: string }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity={severity}>{text}</Alert>
      <Button component={RouterLink} to={USER_LIST_PATH} startIcon={<ArrowBackIcon />}>
        {ADMIN_USERS_TEXT.backToUsers}
      </Button>
    </Stack>
  );
}

/** /admin/user/update/:id (R-ADM-USR-2): the user of the id in the address, so a reload still works. */
export default function UserUpdateScreen() {
  const dispatch = useAppDispatch();
  const userId = useAddressId();
  const role = useAppSelector(selectCurrentRole);
  const user = useAppSelector(selectEditedUser);
  const loadedId = useAppSelector(selectEditedUserId);
  const save = useAppSelector(selectUserSave);
  const salesPersons = useAppSelector(selectSalesPersons);
  const wantSalesPersons = useCallback(() => dispatch(salesPersonsWanted()), [dispatch]);

  useEffect(() => {
    if (userId !== null) dispatch(userEditOpened(userId));
  }, [dispatch, userId]);

  if (userId === null) {
    return (
      <Frame>
        <Problem severity="info" text={ADMIN_USERS_TEXT.noUserChosen} />
      </Frame>
    );
  }
  // an earlier visit's user is never shown while this one loads
  const current = loadedId === userId ? user : null;
  if (current?.status === 'failed') {
    return (
      <Frame>
        <Problem severity="error" text={current.error ?? ''} />
      </Frame>
    );
  }
  if (current?.status !== 'loaded' || !current.data) {
    return (
      <Frame>
        <PageSpinner label={ADMIN_USERS_TEXT.loading} />
      </Frame>
    );
  }
  return (
    <UserForm
      key={userId}
      id="user-update"
      title={USER_MSG.updateTitle}
      initialValues={userFormValues(current.data)}
      role={role}
      running={save.status === 'running'}
      error={save.error}
      onErrorClose={() => dispatch(userSaveErrorClosed())}
      onSubmit={(request) => dispatch(userSaveSubmitted(request))}
      salesPersons={salesPersons}
      onSalesPersonsWanted={wantSalesPersons}
    />
  );
}
