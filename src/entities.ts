import { Organisation } from './organisations/organisation.entity';
import { User } from './users/user.entity';
import { AccessToken } from './users/access-token.entity';
import { LocationNetwork } from './location-networks/location-network.entity';
import { NetworkTemplate } from './location-networks/network-template.entity';
import { NetworkAccessGrant } from './network-access/network-access-grant.entity';
import { HardwarePart } from './inventory/hardware-part.entity';
import { MasterInventory } from './inventory/master-inventory.entity';
import { Tag } from './tags/tag.entity';
import { Device } from './access-points/device.entity';
import { Uplink } from './access-points/uplink.entity';
import { InitTemplate } from './access-points/init-template.entity';
import { Heartbeat } from './access-points/heartbeat.entity';
import { NetworkSsid } from './network-ssids/network-ssid.entity';
import { Upgrade } from './upgrades/upgrade.entity';
import { UpgradeData } from './upgrades/upgrade-data.entity';
import { BrowserSession } from './web/browser-session.entity';

/**
 * Every entity of the schema; the migrations must produce exactly these tables. The list lives at
 * the composition root (beside app.module.ts) so that src/database imports no feature: callers
 * pass it to dataSourceOptions.
 */
export const ENTITIES = [
  Organisation,
  User,
  AccessToken,
  LocationNetwork,
  NetworkTemplate,
  NetworkAccessGrant,
  HardwarePart,
  MasterInventory,
  Tag,
  Device,
  Uplink,
  InitTemplate,
  Heartbeat,
  NetworkSsid,
  Upgrade,
  UpgradeData,
  BrowserSession,
];
