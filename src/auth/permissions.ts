// Roles and permissions (docs/decisions.md#accounts-roles-and-keys). A permission has the name of
// the OAuth scope a machine client needs for it, so one check serves keys and machine tokens.
import type { Role } from '../generated/prisma/enums.ts';

export const PERMISSIONS = [
  'read:trips',
  'create:trips',
  'update:trips',
  'delete:trips',
  'read:catalogs',
  'create:catalogs',
  'update:catalogs',
  'delete:catalogs',
  'read:imports',
  'create:imports',
  'read:bookings',
  'write:bookings',
  'manage:webhooks',
  'manage:keys',
  'manage:members',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const MANAGE = new Set<Permission>(['manage:webhooks', 'manage:keys', 'manage:members']);

export function roleAllows(role: Role, permission: Permission): boolean {
  switch (role) {
    case 'owner':
    case 'admin':
      return true;
    case 'agent':
      return !MANAGE.has(permission);
    case 'viewer':
      return permission.startsWith('read:');
  }
}

export function isPermission(scope: string): scope is Permission {
  return (PERMISSIONS as readonly string[]).includes(scope);
}
