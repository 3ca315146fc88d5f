import { Organisation } from './organisations/organisation.entity';
import { User } from './users/user.entity';
import { AccessToken } from './users/access-token.entity';
import { Membership } from './users/membership.entity';
import { LocationNetwork } from './networks/location-network.entity';
import { NetworkTemplate } from './networks/network-template.entity';
import { NetworkAccessGrant } from './networks/network-access-grant.entity';
import { HardwarePart } from './catalogue/hardware-part.entity';
import { MasterInventory } from './catalogue/master-inventory.entity';
import { Tag } from './devices/tag.entity';
import { Device } from './devices/device.entity';
import { Uplink } from './devices/uplink.entity';
import { InitTemplate } from './access-points/init-template.entity';
import { Heartbeat } from './device-state/heartbeat.entity';
import { ClientSession } from './device-state/client-session.entity';
import { NetworkSsid } from './network-ssids/network-ssid.entity';
import { Upgrade } from './firmware/upgrade.entity';
import { UpgradeData } from './firmware/upgrade-data.entity';
import { Rollout } from './firmware/rollout.entity';
import { ConfigRollout, ConfigRolloutDevice } from './config-rollouts/config-rollout.entity';
import { BrowserSession } from './web/browser-session.entity';
import { EventRecord } from './event-log/event.entity';
import { FleetSample } from './fleet-history/fleet-sample.entity';
import { Webhook } from './webhooks/webhook.entity';
import { WebhookDelivery } from './webhooks/webhook-delivery.entity';
import { QueueLease } from './background/queue-lease.entity';
import { AlertRule } from './alerts/alert-rule.entity';
import { Alert } from './alerts/alert.entity';
import { AlertCursor } from './alerts/alert-cursor.entity';
import { AlertWatch } from './alerts/alert-watch.entity';
import { OutboxEmail } from './mail/outbox-email.entity';
import { Command } from './commands/command.entity';
import { NetworkDraft } from './config-drafts/network-draft.entity';
import { Invitation } from './teams/invitation.entity';

/**
 * Every entity of the schema; the migrations must produce exactly these tables. The list lives at
 * the composition root (beside app.module.ts) so that src/database imports no feature: callers
 * pass it to dataSourceOptions.
 */
export const ENTITIES = [
  Organisation,
  User,
  AccessToken,
  Membership,
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
  ClientSession,
  NetworkSsid,
  Upgrade,
  UpgradeData,
  Rollout,
  ConfigRollout,
  ConfigRolloutDevice,
  BrowserSession,
  EventRecord,
  FleetSample,
  Webhook,
  WebhookDelivery,
  QueueLease,
  AlertRule,
  Alert,
  AlertCursor,
  AlertWatch,
  OutboxEmail,
  Command,
  NetworkDraft,
  Invitation,
];
