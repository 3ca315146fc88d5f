import { OpenAPIObject } from '@nestjs/swagger';
import type {
  OperationObject,
  PathItemObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

const BY_ID = '/upgrades/{id}';
const BY_ID_JSON = '/upgrades/{id}.json';

/**
 * `/upgrades/:id` answers on `/upgrades/<id>.json` too (one route whose id may end in `.json`,
 * which the document cannot see): the `.json` path joins the document beside the other, each of
 * its operations the same one (its operationId ends in `_json`), so that scripts that use it get
 * it in their generated clients. Unlike `/upgrades/{id}`, it answers JSON whatever the request
 * looks like (a browser's included).
 */
export function addUpgradeJsonPaths(document: OpenAPIObject): OpenAPIObject {
  const item = document.paths[BY_ID] as PathItemObject | undefined;
  if (!item) {
    return document;
  }
  const copy = JSON.parse(JSON.stringify(item)) as Record<string, OperationObject>;
  for (const operation of Object.values(copy)) {
    operation.operationId = `${operation.operationId}_json`;
    operation.description =
      `${operation.description ?? ''} The same operation as \`${BY_ID}\`; this path always answers JSON.`.trim();
  }
  const paths: [string, PathItemObject][] = [];
  for (const [path, pathItem] of Object.entries(document.paths)) {
    paths.push([path, pathItem]);
    if (path === BY_ID) {
      paths.push([BY_ID_JSON, copy]);
    }
  }
  document.paths = Object.fromEntries(paths);
  return document;
}
