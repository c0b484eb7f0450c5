export const ROLES = ['USER', 'ADMIN', 'SUPERADMIN'] as const;
export type Role = (typeof ROLES)[number];

export function isAdminRole(role: string | null | undefined): boolean {
  return role === 'ADMIN' || role === 'SUPERADMIN';
}
