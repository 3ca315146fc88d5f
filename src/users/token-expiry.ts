/** `expires_in_days` of a new access token is 1 to 3650, API and CLI alike. */
export const MAX_EXPIRES_IN_DAYS = 3650;
