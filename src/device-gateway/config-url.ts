/** Where a device fetches its configuration (DEVICES 3 and 4). */
export const CONFIG_URL = '/device/v1/config';
