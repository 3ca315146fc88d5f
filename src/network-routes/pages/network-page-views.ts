import { FormErrors } from '../../web/form';
import { PageModel, view } from '../../web/page-outcome';
import { Option } from '../../web/select-options';
import { NetworkFormValues } from './network-form';
import { AdvancedPart } from './ssid-advanced-form';
import { KnownValue, SsidFormValues } from './ssid-form';
import { NetworkTemplateFormValues, UplinkTemplateFormValues } from './template-forms';

/** A record the pages name and link to. */
interface Named {
  id: number;
  name: string;
}

/** views/network-form.hbs: a new network's form or an existing one's. */
export interface NetworkFormModel extends PageModel {
  network: Named | null;
  /** The network follows its template's policy: only its name may change. */
  locked: boolean;
  lockedTemplate: Named | null;
  values: NetworkFormValues;
  errors: FormErrors;
  timezones: { name: string; selected: boolean }[];
  templates: Option[];
  action: string;
  cancel: string;
}

/** views/network-delete.hbs: the confirmation, or why the network cannot be deleted. */
export interface NetworkDeleteModel extends PageModel {
  network: Named;
  devices: number;
  devicesText: string;
  ssidsText: string;
}

/** views/network-rollback.hbs: the template to roll the network's SSIDs back to. */
export interface NetworkRollbackModel extends PageModel {
  network: Named;
  ssidsText: string;
  templates: Option[];
}

/** views/ssid-form.hbs: a new SSID's form or an existing one's, in its network. */
export interface SsidFormModel extends PageModel {
  network: Named;
  values: SsidFormValues;
  enabledChoices: Option[];
  hiddenChoices: Option[];
  securityModes: readonly KnownValue[];
  radioBands: readonly KnownValue[];
  /** The "RADIUS, captive portal and DHCP" part. */
  advanced: AdvancedPart;
  /**
   * The "Save anyway" box, while the form holds a value the console does not know: its value
   * names those values (what it confirms), ticked once confirmed.
   */
  saveAnyway: { value: string; ticked: boolean } | null;
  errors: FormErrors;
  action: string;
  cancel: string;
  /** The submit button's words ("Add SSID", "Save changes", "Save in draft"…). */
  submit: string;
  /** The Delete button of an SSID that exists: where it posts and what it asks. */
  remove: { action: string; question: string; yes: string; hidden: HiddenField[] } | null;
  /** What the form posts besides its fields (a draft's form: the draft it was opened on). */
  hidden: HiddenField[];
}

/** A hidden field of a form. */
export interface HiddenField {
  name: string;
  value: string;
}

/** A form of the templates page, as typed, with its refusal. */
export interface TemplateForm<V> {
  values: V;
  errors: FormErrors;
}

/** views/templates.hbs: the network and uplink templates, and a form to add each. */
export interface TemplatesModel extends PageModel {
  networkTemplates: (Named & { ssids: string })[];
  uplinkTemplates: (Named & { types: string })[];
  /** The networks whose SSIDs a network template may copy. */
  networks: Option[];
  network: TemplateForm<NetworkTemplateFormValues>;
  uplink: TemplateForm<UplinkTemplateFormValues>;
  exampleDetails: string;
}

export const NETWORK_FORM = view<NetworkFormModel>('network-routes/pages/views/network-form');
export const NETWORK_DELETE = view<NetworkDeleteModel>('network-routes/pages/views/network-delete');
export const NETWORK_ROLLBACK = view<NetworkRollbackModel>(
  'network-routes/pages/views/network-rollback',
);
export const SSID_FORM = view<SsidFormModel>('network-routes/pages/views/ssid-form');
export const TEMPLATES_PAGE = view<TemplatesModel>('network-routes/pages/views/templates');
