export const USER_ROLES = ['admin', 'member'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The authenticated caller, as attached to the request by the bearer strategy. */
export interface AuthUser {
  id: number;
  organisation_id: number;
  email: string;
  role: UserRole;
  super_admin: boolean;
}
