import { ConfigRollouts1796646831084 } from './1796646831084-ConfigRollouts';
import { EmailOutbox1796646858247 } from './1796646858247-EmailOutbox';
import { ConfigRevisions1796646909300 } from './1796646909300-ConfigRevisions';
import { LatestConfigRollout1796659200000 } from './1796659200000-LatestConfigRollout';
import { Memberships1796621431494 } from './1796621431494-Memberships';
import { ClientSessions1796621613886 } from './1796621613886-ClientSessions';
import { ConfigDrafts1796622498826 } from './1796622498826-ConfigDrafts';
import { DeviceLabels1796615245737 } from './1796615245737-DeviceLabels';
import { RolloutSoak1796615386305 } from './1796615386305-RolloutSoak';
import { UpgradesInProgressIndex1796610191079 } from './1796610191079-UpgradesInProgressIndex';
import { AlertAcknowledgement1796613391611 } from './1796613391611-AlertAcknowledgement';
import { QueueLeases1796162128221 } from './1796162128221-QueueLeases';
import { SerialiseWebhookUrls1796162265212 } from './1796162265212-SerialiseWebhookUrls';
import { WebhookLeases1795852782916 } from './1795852782916-WebhookLeases';
import { DropUnusedDeliveryDueIndex1795846317747 } from './1795846317747-DropUnusedDeliveryDueIndex';
import { UpgradeRequests1795842645992 } from './1795842645992-UpgradeRequests';
import { AlertEmails1795821616063 } from './1795821616063-AlertEmails';
import { Commands1795823900198 } from './1795823900198-Commands';
import { Alerts1795820820312 } from './1795820820312-Alerts';
import { DeliveryClaimIndexes1795823652918 } from './1795823652918-DeliveryClaimIndexes';
import { EventFilterIndexes1795812766975 } from './1795812766975-EventFilterIndexes';
import { Webhooks1795808955232 } from './1795808955232-Webhooks';
import { FleetHistory1795801705636 } from './1795801705636-FleetHistory';
import { Events1795798823324 } from './1795798823324-Events';
import { KeptDeviceCounts1795405691494 } from './1795405691494-KeptDeviceCounts';
import { UpgradesByDevice1795400528497 } from './1795400528497-UpgradesByDevice';
import { Rollouts1795398386470 } from './1795398386470-Rollouts';
import { DeviceGateway1795395656285 } from './1795395656285-DeviceGateway';
import { InitialSchema1795294264662 } from './1795294264662-InitialSchema';
import { TokenLastUsed1795387757111 } from './1795387757111-TokenLastUsed';
import { WebSessions1795387962176 } from './1795387962176-WebSessions';
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const SQLITE_MIGRATIONS: Function[] = [
  InitialSchema1795294264662,
  TokenLastUsed1795387757111,
  WebSessions1795387962176,
  DeviceGateway1795395656285,
  Rollouts1795398386470,
  UpgradesByDevice1795400528497,
  KeptDeviceCounts1795405691494,
  Events1795798823324,
  FleetHistory1795801705636,
  Webhooks1795808955232,
  EventFilterIndexes1795812766975,
  Alerts1795820820312,
  AlertEmails1795821616063,
  DeliveryClaimIndexes1795823652918,
  Commands1795823900198,
  UpgradeRequests1795842645992,
  DropUnusedDeliveryDueIndex1795846317747,
  WebhookLeases1795852782916,
  QueueLeases1796162128221,
  SerialiseWebhookUrls1796162265212,
  UpgradesInProgressIndex1796610191079,
  AlertAcknowledgement1796613391611,
  DeviceLabels1796615245737,
  RolloutSoak1796615386305,
  Memberships1796621431494,
  ClientSessions1796621613886,
  ConfigDrafts1796622498826,
  ConfigRollouts1796646831084,
  EmailOutbox1796646858247,
  ConfigRevisions1796646909300,
  LatestConfigRollout1796659200000,
];
