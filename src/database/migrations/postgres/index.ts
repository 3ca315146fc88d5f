import { TokenLastUsed1795387757111 } from './1795387757111-TokenLastUsed';
import { InitialSchema1795294264662 } from './1795294264662-InitialSchema';
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const POSTGRES_MIGRATIONS: Function[] = [
  InitialSchema1795294264662,
  TokenLastUsed1795387757111,
];
