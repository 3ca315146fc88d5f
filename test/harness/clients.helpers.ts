import { Heartbeat } from '../../src/device-state/heartbeat.entity';
import { TestApp } from './app';
import { gatewayFixtures, GatewayDevice } from './device-gateway.helpers';

/** A station entry of a check-in. */
export const station = (mac: string, fields: Record<string, unknown> = {}) => ({
  mac,
  ssid: 'Guest',
  band: '5',
  ...fields,
});

let clientCounter = Math.floor(Math.random() * 0xffff);
/** A client MAC unique within the run, in stored form. */
export function clientMac(): string {
  clientCounter += 1;
  const hex = `C0FFEE${clientCounter.toString(16).padStart(6, '0')}`.toUpperCase();
  return hex.match(/.{2}/g)!.join(':');
}

/** Builders and reads for the Wi-Fi client tests. */
export function clientFixtures(t: () => TestApp) {
  const g = gatewayFixtures(t);

  /** A check-in listing these stations; answers the time it was recorded at. */
  const report = async (
    ap: GatewayDevice,
    stations: object[] | undefined,
    extra: object = {},
  ): Promise<string> => {
    await g.checkin(ap.auth, { ...extra, ...(stations ? { stations } : {}) }).expect(200);
    return (await checkedInAt(ap.device.id)).toISOString();
  };

  /** The time of the device's last check-in, as its heartbeat record keeps it. */
  const checkedInAt = async (deviceId: number): Promise<Date> => {
    const row = await t()
      .dataSource.getRepository(Heartbeat)
      .findOneByOrFail({ device_id: deviceId });
    return row.checked_in_at!;
  };

  const client = (auth: object, mac: string) =>
    t()
      .http()
      .get(`/v1/clients/${mac}`)
      .set(auth as Record<string, string>);

  const list = (auth: object, query: Record<string, unknown> = {}) =>
    t()
      .http()
      .get('/v1/clients')
      .query(query)
      .set(auth as Record<string, string>);

  /** The number of session rows of the organisation. */
  const sessionRows = async (orgId: number): Promise<number> => {
    const [row] = await t().dataSource.query(
      `SELECT COUNT(*) AS n FROM "client_sessions" WHERE "organisation_id" = ${orgId}`,
    );
    return Number(row.n);
  };

  return { ...g, report, checkedInAt, client, list, sessionRows };
}
