export const PAGE_ACCESS = 'airfleet:page-access';

/** Who may open a page: anyone, any signed-in user, or organisation admins only. */
export type PageAccess = 'anyone' | 'signed-in' | 'admin';
