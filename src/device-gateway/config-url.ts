/** Where a device fetches its configuration. */
export const CONFIG_URL = '/device/v1/config';
