import { ApiProperty } from '@nestjs/swagger';
import { PageData } from '../../common/pagination/pagination.response';
import {
  AnyObject,
  ArrayOf,
  Bool,
  Data,
  DateTime,
  DEVICE_REF_SCHEMA,
  Envelope,
  Int,
  NETWORK_REF_SCHEMA,
  NullableObject,
  Of,
  Str,
  StrArray,
} from '../../common/openapi/response-schema';
import { ALERT_TYPES } from '../alert-rules';

export class AlertRuleResponse {
  @Int()
  id: number;

  @Str({ minLength: 1, maxLength: 255 })
  name: string;

  @ApiProperty({ enum: ALERT_TYPES })
  type: string;

  @ApiProperty({
    type: 'array',
    items: { type: 'integer' },
    description:
      'Empty: every network and the devices in none. A member sees only the networks they may ' +
      'read among them; a rule all of whose networks are hidden from a member is not shown to ' +
      'them at all (absent from the list, 404 1043 alone). Admins see every id.',
  })
  network_ids: number[];

  @Int({
    minimum: 0,
    maximum: 86400,
    description: 'device_down (default 300) and clients_above (default 0); 0 for the others.',
  })
  for_seconds: number;

  @Int({ nullable: true, minimum: 0, description: 'clients_above only; null for the others.' })
  threshold: number | null;

  @StrArray({
    description:
      'At most 20 addresses that get an e-mail per opening and resolution. A member sees the ' +
      'others masked as `a***@example.com` (first character, `***`, domain) and their own ' +
      'address in full; admins see every address.',
  })
  emails: string[];

  @Bool()
  enabled: boolean;

  @DateTime()
  created_at: string;

  @DateTime()
  updated_at: string;
}

/** Who acknowledged an alert. */
const ACKNOWLEDGER_SCHEMA = {
  type: 'object',
  required: ['id', 'email'],
  properties: { id: { type: 'integer' }, email: { type: 'string' } },
};

export class AlertResponse {
  @Int()
  id: number;

  @Int({ description: 'Also of a rule deleted since.' })
  alert_rule_id: number;

  @ApiProperty({ enum: ALERT_TYPES })
  type: string;

  @ApiProperty({ enum: ['open', 'resolved'] })
  state: string;

  @NullableObject(DEVICE_REF_SCHEMA, {
    description: 'The device as it was at the opening; null for rollout_halted',
  })
  device: { id: number; mac_id: string; name: string | null } | null;

  @NullableObject(NETWORK_REF_SCHEMA, {
    description:
      "The device's network at the opening; null for none or a firmware rollout's " +
      "rollout_halted; a configuration rollout's network for its rollout_halted",
  })
  network: { id: number; network_name: string } | null;

  @DateTime({ description: 'When the condition was met (DOWN + for_seconds, the report…)' })
  opened_at: string;

  @DateTime({ nullable: true, description: 'upgrade_failed and rollout_halted: opened_at' })
  resolved_at: string | null;

  @AnyObject({
    description:
      'device_down: `{down_since}`; config_failed: `{revision, message}`; upgrade_failed: ' +
      '`{upgrade_id, error}`; rollout_halted: `{rollout_id}` (a firmware rollout) or ' +
      '`{config_rollout_id}` (a configuration rollout); clients_above: `{clients}`.',
  })
  data: Record<string, unknown>;

  @NullableObject(ACKNOWLEDGER_SCHEMA, {
    description:
      'Who acknowledged the alert (POST /v1/alerts/{id}/acknowledge): the first one, with ' +
      'their e-mail as it was then; null until acknowledged',
  })
  acknowledged_by: { id: number; email: string } | null;

  @DateTime({ nullable: true, description: 'When it was acknowledged; null until then' })
  acknowledged_at: string | null;
}

const AlertRuleData = Data('AlertRuleData', { alert_rule: Of(() => AlertRuleResponse) });
const AlertRulesData = Data('AlertRulesData', { alert_rules: ArrayOf(() => AlertRuleResponse) });
const AlertData = Data('AlertData', { alert: Of(() => AlertResponse) });
const AlertsData = PageData('AlertsData', 'alerts', () => AlertResponse);

export const AlertRuleEnvelope = Envelope('AlertRuleEnvelope', () => AlertRuleData);
export const AlertRulesEnvelope = Envelope('AlertRulesEnvelope', () => AlertRulesData);
export const AlertEnvelope = Envelope('AlertEnvelope', () => AlertData);
export const AlertsEnvelope = Envelope('AlertsEnvelope', () => AlertsData);
