// Lists your organisation's devices through the typed client (README, "Typed client"):
//   AIRFLEET_TOKEN=<token> npx ts-node --transpile-only clients/typescript/list-devices.ts
import createClient from 'openapi-fetch';
import type { paths } from './airfleet';

const airfleet = createClient<paths>({
  baseUrl: process.env.AIRFLEET_URL ?? 'http://localhost:3000',
  headers: { Authorization: `Bearer ${process.env.AIRFLEET_TOKEN}` },
});
void airfleet.GET('/v1/access_points/list_inventory').then(({ data, error }) => {
  if (error) {
    throw new Error(`${error.error_code}: ${error.msg}`);
  }
  data.data.devices.forEach((device) => console.log(device.mac_id, device.name ?? ''));
});
