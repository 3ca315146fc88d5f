import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { addStandardResponses, operationsOf } from './common/openapi/standard-responses';
import { addUpgradeJsonPaths } from './upgrades/upgrades.openapi';
import { addWebhookPayload } from './webhooks/webhook-payload.openapi';

/** The security scheme of the `access_token` query parameter. */
export const ACCESS_TOKEN_SCHEME = 'access_token';

/** Every tag an operation may carry, with its description (all declared in the document). */
export const OPENAPI_TAGS: Record<string, string> = {
  'location networks':
    'Location networks: groups of devices and SSIDs (docs/configuration.md#networks)',
  'access points':
    'The device inventory: provisioning, moves, status, uplinks (docs/devices.md#the-operators-side)',
  'network ssids': 'SSIDs of location networks (docs/configuration.md#ssids)',
  'configuration drafts':
    "A network's SSIDs prepared as one draft, its diff and its publishing (docs/config-changes.md)",
  'configuration rollouts':
    "Staged publishes of a network's draft: stages, outcomes, halt and revert (docs/config-changes.md#4-publish-in-stages-a-configuration-rollout)",
  upgrades:
    "Firmware upgrades as JSON (the console's upgrade pages do the same; docs/firmware.md#upgrades); errors answer `{message, status}`",
  'init templates':
    'Uplink (init) templates applied by apply_configuration (docs/configuration.md#uplinks-and-uplink-templates)',
  'network templates':
    'Network templates used by config_rollback (docs/configuration.md#network-templates-and-rollback)',
  'network access':
    "Members' grants on networks: reads need `full` or `read_only`, writes `full`; role admin (docs/security.md#users-roles-and-network-grants)",
  tags: 'Device tags (docs/devices.md#tags)',
  rollouts:
    'Staged firmware rollouts that halt above a failure threshold and may revert (docs/firmware.md#staged-rollouts); role admin',
  overview:
    "Counts of the organisation's fleet: networks, devices up and down, upgrades, running rollouts (docs/devices.md#live-status)",
  events:
    'What happened, each thing once: newest first, or a feed without gaps that a poller follows with `after` (docs/events-and-webhooks.md#reading-events)',
  device:
    'The device half: access points check in and fetch their configuration with HTTP Basic (MAC, factory secret); see docs/devices.md#the-devices-side',
  webhooks:
    'Signed, retried and replayable delivery of events to HTTP endpoints (docs/events-and-webhooks.md#webhooks); role admin',
  alerts:
    'Alert rules, and the alerts they open and resolve, each an event and, with SMTP_URL, an e-mail (docs/alerts.md)',
  commands:
    'Remote commands (reboot, locate, ping) queued for devices and carried out at their check-ins (docs/commands.md)',
  clients:
    'Wi-Fi clients that devices report at check-in: who is connected where, their sessions and roams, erasure (docs/clients.md)',
  tokens: "The caller's own access tokens (docs/security.md#access-tokens)",
  teams:
    "Who the caller is, all their organisations, and an organisation's members and invitations (docs/teams.md)",
  admin: 'Platform administration, super administrators only',
  operations:
    'Health and metrics for load balancers and monitoring, without a token (docs/operations.md#health-metrics-and-logs)',
};

/** The OpenAPI document served at /docs-json (and committed as openapi.json). */
export function openApiDocument(app: INestApplication) {
  const builder = new DocumentBuilder()
    .setTitle('Airfleet API')
    .setDescription(
      'Multi-tenant cloud controller for fleets of Wi-Fi access points. Authenticate with ' +
        '`Authorization: Bearer <token>` (or an `access_token` query or body parameter). ' +
        'Errors answer `{msg, error_code}` unless an operation documents another shape.',
    )
    .setVersion('1')
    .setLicense('MIT', 'https://opensource.org/licenses/MIT')
    .addServer('/', 'This instance')
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'opaque',
      description: 'Access token',
    })
    .addBasicAuth(
      {
        type: 'http',
        scheme: 'basic',
        description:
          'Device credentials (docs/devices.md#credentials): user name = the MAC as 12 hex ' +
          'digits or `AA-BB-CC-DD-EE-FF`, password = the factory secret. Only on /device/v1 routes.',
      },
      'device',
    )
    .addApiKey(
      {
        type: 'apiKey',
        in: 'query',
        name: 'access_token',
        description:
          'The access token as the `access_token` query parameter, wherever ' +
          '`Authorization: Bearer` is accepted. An operation that reads a JSON body also takes ' +
          'it as the body field `access_token` (a body field cannot be declared as a security ' +
          'scheme). Send it one way only; the header keeps it out of URLs, which proxies and ' +
          'browsers record.',
      },
      ACCESS_TOKEN_SCHEME,
    )
    .addSecurityRequirements('bearer')
    .addSecurityRequirements(ACCESS_TOKEN_SCHEME);
  for (const [name, description] of Object.entries(OPENAPI_TAGS)) {
    builder.addTag(name, description);
  }
  return addWebhookPayload(
    addStandardResponses(
      addUpgradeJsonPaths(
        withQueryTokenAlternative(SwaggerModule.createDocument(app, builder.build())),
      ),
    ),
  );
}

/**
 * Every operation that takes the bearer token takes it as `access_token` too: its security
 * requirements list the query parameter as an alternative to the header.
 */
function withQueryTokenAlternative(document: OpenAPIObject): OpenAPIObject {
  for (const { operation } of operationsOf(document)) {
    const requirements = operation.security;
    if (
      requirements?.some((requirement) => 'bearer' in requirement) &&
      !requirements.some((requirement) => ACCESS_TOKEN_SCHEME in requirement)
    ) {
      requirements.push({ [ACCESS_TOKEN_SCHEME]: [] });
    }
  }
  return document;
}
