// R-ADM-USR-1, R-ADM-USR-2: the routes of user administration.
export const USER_LIST_PATH = '/admin/user';
export const USER_CREATE_PATH = '/admin/user/add';
export const USER_UPDATE_PATH = '/admin/user/update';
/** The update screen of one user: its id is in the address, so a reload (or a replayed scenario) opens the same user. */
export const userUpdatePath = (id: number) => `${USER_UPDATE_PATH}/${id}`;
