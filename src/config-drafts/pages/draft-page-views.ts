import { SsidDiffLines } from '../../config-rollouts/pages/ssid-diff';
import { FormErrors } from '../../web/form';
import { PageModel, view } from '../../web/page-outcome';
import { PublishFormValues } from './publish-form';

/** views/publish.hbs: the draft's diff, and how to publish it: at once or in stages. */
export interface PublishFormModel extends PageModel {
  network: { id: number; name: string };
  diff: SsidDiffLines;
  /** The network's devices, which a publish reaches. */
  devicesText: string;
  values: PublishFormValues;
  errors: FormErrors;
}

/** An SSID of the draft as the network page lists it; `position` from 1 names it in paths. */
export interface DraftSsidRow {
  position: number;
  name: string;
  enabled: string;
  hidden: string;
  security: string;
  /** "kept" (an SSID of the network) or "new". */
  kind: string;
}

/**
 * The network page's configuration changes: the running rollout (SSID writes wait for it), the
 * draft with its SSIDs and diff, and what the caller may do.
 */
export interface NetworkChangesPanel {
  /** The configuration rollout running on the network, if any. */
  running: { id: number } | null;
  draft: {
    ssids: DraftSsidRow[];
    diff: SsidDiffLines;
    /** The network's SSIDs changed since the draft was saved: its version and the network's. */
    outdated: { base: number; now: number } | null;
    createdBy: string;
    updatedAt: string;
    /** The draft its Remove buttons were shown with (draft-entries.ts's draftFingerprint). */
    fingerprint: string;
  } | null;
  canWrite: boolean;
}

export const PUBLISH_FORM = view<PublishFormModel>('config-drafts/pages/views/publish');
