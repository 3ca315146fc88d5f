import { QueryRunner } from 'typeorm';
import { hasUriHost, uriOf } from '../../common/urls/uri';

/** The longest URL a webhook may have. */
const MAX_URL_LENGTH = 2048;

/**
 * Rewrites the stored webhook URLs as the API stores them since: the URI form of their WHATWG
 * serialisation (`uriOf`), so that every URL answered is a URI (OpenAPI's `format: uri`), and an
 * empty user info (`http://@host/`), which was let through, is gone. The same resource: the
 * deliveries went to the parsed URL already, and receivers decode both spellings alike. A row it
 * cannot rewrite keeps its URL (no http or https URL, a host no URI holds, or longer than 2,048
 * characters once encoded); its attempts go on as before. `update` sets the URL (the new URL, then
 * the id, as parameters). One statement per changed row: webhooks are at most 20 an organisation.
 */
export async function serialiseWebhookUrls(runner: QueryRunner, update: string): Promise<void> {
  const rows = (await runner.query('SELECT "id", "url" FROM "webhooks"')) as {
    id: number;
    url: string;
  }[];
  for (const { id, url } of rows) {
    const stored = serialised(url);
    if (stored !== null && stored !== url) {
      await runner.query(update, [stored, id]);
    }
  }
}

function serialised(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !hasUriHost(url)) {
    return null;
  }
  const stored = uriOf(url);
  return stored.length <= MAX_URL_LENGTH ? stored : null;
}
