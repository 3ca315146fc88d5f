import { WebSessions1795387962176 } from './1795387962176-WebSessions';
import { InitialSchema1795294264662 } from './1795294264662-InitialSchema';
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const POSTGRES_MIGRATIONS: Function[] = [InitialSchema1795294264662, WebSessions1795387962176];
