import { useCallback, useEffect } from 'react';
import { USER_MSG } from '@shared/schemas/users';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { selectCurrentRole, selectCustomerCheck, selectSalesPersons, selectUserSave } from './adminUsersSelectors';
import { salesPersonsWanted, userCreateOpened, userRutEntered, userSaveErrorClosed, userSaveSubmitted } from './adminUsersSlice';
import { emptyUser, UserForm } from './UserForm';
import './adminUsersFeature'; // the feature's slice and saga, in the store before this screen renders

/** /admin/user/add (R-ADM-USR-2): 'Creación de Usuario'. */
export default function UserCreateScreen() {
  const dispatch = useAppDispatch();
  const role = useAppSelector(selectCurrentRole);
  const save = useAppSelector(selectUserSave);
  const salesPersons = useAppSelector(selectSalesPersons);
  const wantSalesPersons = useCallback(() => dispatch(salesPersonsWanted()), [dispatch]);
  const customerCheck = useAppSelector(selectCustomerCheck);

  useEffect(() => {
    dispatch(userCreateOpened());
  }, [dispatch]);

  return (
    <UserForm
      id="user-create"
      title={USER_MSG.createTitle}
      initialValues={emptyUser}
      role={role}
      running={save.status === 'running'}
      error={save.error}
      onErrorClose={() => dispatch(userSaveErrorClosed())}
      onSubmit={(request) => dispatch(userSaveSubmitted(request))}
      customerCheck={customerCheck}
      onRutEntered={(rut) => dispatch(userRutEntered(rut))}
      salesPersons={salesPersons}
      onSalesPersonsWanted={wantSalesPersons}
    />
  );
}
