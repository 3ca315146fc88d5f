import { NetworkSsidView } from '../network-ssids/network-ssid.view';
import { draftSsidView } from './draft-rules';
import { DraftAuthor, NetworkDraft } from './network-draft.entity';

/** The draft record. */
export interface DraftView {
  network_id: number;
  base_version: number;
  ssids: NetworkSsidView[];
  created_by: DraftAuthor;
  created_at: string;
  updated_at: string;
}

/** The draft as its readers see it: WPA keys only for a caller with `full` access. */
export function draftView(draft: NetworkDraft, withSecrets: boolean): DraftView {
  return {
    network_id: draft.location_network_id,
    base_version: draft.base_version,
    ssids: draft.ssids.map((row) => draftSsidView(draft.location_network_id, row, withSecrets)),
    created_by: { id: draft.created_by_id, email: draft.created_by_email },
    created_at: draft.created_at.toISOString(),
    updated_at: draft.updated_at.toISOString(),
  };
}
