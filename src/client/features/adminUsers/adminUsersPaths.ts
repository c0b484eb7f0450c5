// R-ADM-USR-1, R-ADM-USR-2: the routes of user administration.
export const USER_LIST_PATH = '/admin/user';
export const USER_CREATE_PATH = '/admin/user/add';
export const USER_UPDATE_PATH = '/admin/user/update';
