process.env.TZ = 'UTC';

import { INestApplicationContext, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Command, InvalidArgumentError } from 'commander';
import { AdminService } from './admin/admin.service';
import { AppModule } from './app.module';
import { ConfigurationError, loadAppConfig } from './config/app-config';
import { DemoService } from './demo/demo.service';
import { DomainError } from './common/errors';
import { createValidationPipe } from './common/validation';
import { CreateOrganisationDto, CreateTokenDto, CreateUserDto } from './admin/dto/admin.dto';
import { MAX_ID, readId, UNMATCHED_ID } from './common/ids/id';
import { MAX_EXPIRES_IN_DAYS } from './users/token-expiry';
import { USER_ROLES, UserRole } from './common/auth/auth-user';
import { UsersService } from './users/users.service';
import { MembersService } from './teams/members.service';
import { CLI } from './event-log/event-actor';
import { ConfigRevisionsService } from './config-revisions/config-revisions.service';

/** Where the CLI reads a password given with --password-stdin (tests pass their own stream). */
export interface CliInput {
  stdin: NodeJS.ReadableStream;
}

/**
 * The bootstrap command line: `npm run --silent cli -- COMMAND [options]`.
 * Prints one JSON object on stdout and exits 0, or an error on stderr and exits non-zero.
 */
function positiveInt(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new InvalidArgumentError('must be a positive integer');
  }
  return Number(value);
}

function nonNegativeInt(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > MAX_ID) {
    throw new InvalidArgumentError(`must be an integer from 0 to ${MAX_ID}`);
  }
  return Number(value);
}

/** A record id: 1 to 2147483647. */
function id(value: string): number {
  const parsed = /^\d+$/.test(value) ? readId(value) : undefined;
  if (parsed === undefined || parsed === UNMATCHED_ID) {
    throw new InvalidArgumentError(`must be a positive integer up to ${MAX_ID}`);
  }
  return parsed;
}

function expiryDays(value: string): number {
  const days = positiveInt(value);
  if (days > MAX_EXPIRES_IN_DAYS) {
    throw new InvalidArgumentError(`must be from 1 to ${MAX_EXPIRES_IN_DAYS}`);
  }
  return days;
}

function role(value: string): UserRole {
  if (!(USER_ROLES as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`must be one of ${USER_ROLES.join(', ')}`);
  }
  return value as UserRole;
}

/**
 * The API's own validation of a request body (the global pipe with the operation's DTO), run
 * before the database is opened: the CLI refuses what POST /v1/admin/... refuses, with the same
 * messages.
 */
async function validated<T extends object>(
  dto: Type<T>,
  input: Record<string, unknown>,
): Promise<T> {
  const present = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  return (await createValidationPipe().transform(present, {
    type: 'body',
    metatype: dto,
    data: undefined,
  })) as T;
}

/** Everything on standard input up to its end, without the final line break. */
async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
  return Buffer.concat(chunks)
    .toString('utf-8')
    .replace(/\r?\n$/, '');
}

interface UserOptions {
  org: number;
  email: string;
  role: UserRole;
  superAdmin: boolean;
  password?: string;
  passwordStdin: boolean;
}

async function withApp<T>(work: (app: INestApplicationContext) => Promise<T>): Promise<void> {
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(loadAppConfig()), {
    logger: false,
  });
  try {
    const result = await work(app);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await app.close();
  }
}

export function buildCli(input: CliInput = { stdin: process.stdin }): Command {
  const program = new Command('airfleet')
    .description('Airfleet bootstrap commands (same database settings as the server)')
    .exitOverride()
    .configureOutput({
      // help is output (stdout); usage errors are errors (stderr)
      writeOut: (s) => process.stdout.write(s),
      writeErr: (s) => process.stderr.write(s),
    });

  program
    .command('org:create')
    .description('create an organisation')
    .requiredOption('--name <name>', 'organisation name')
    .option('--allowed-devices <n>', 'allowed device count', nonNegativeInt, 100)
    .action(async (o: { name: string; allowedDevices: number }) => {
      const body = await validated(CreateOrganisationDto, {
        name: o.name,
        allowed_device_count: o.allowedDevices,
      });
      await withApp((app) => app.get(AdminService).createOrganisation(body));
    });

  program
    .command('user:create')
    .description('create a user in an organisation')
    .requiredOption('--org <id>', 'organisation id', id)
    .requiredOption('--email <email>', 'email address')
    .option('--role <role>', 'admin or member', role, 'member' as UserRole)
    .option('--super-admin', 'platform operator', false)
    .option('--password <password>', 'password for the browser pages (8 to 200 characters)')
    .option('--password-stdin', 'read the password from standard input instead', false)
    .action(async (o: UserOptions) => {
      if (o.password !== undefined && o.passwordStdin) {
        throw new Error('give --password or --password-stdin, not both');
      }
      const body = await validated(CreateUserDto, {
        organisation_id: o.org,
        email: o.email,
        role: o.role,
        super_admin: o.superAdmin,
        password: o.passwordStdin ? await readAll(input.stdin) : o.password,
      });
      await withApp((app) => app.get(AdminService).createUser(body));
    });

  program
    .command('membership:add')
    .description('make a user a member of another organisation')
    .requiredOption('--user <id>', 'user id', id)
    .requiredOption('--org <id>', 'organisation id', id)
    .option('--role <role>', 'admin or member', role, 'member' as UserRole)
    .action((o: { user: number; org: number; role: UserRole }) =>
      withApp(async (app) => {
        const member = await app.get(MembersService).add(o.org, o.user, o.role, CLI);
        return { user_id: member.user_id, organisation_id: o.org, role: member.role };
      }),
    );

  program
    .command('token:create')
    .description('issue an access token for a user')
    .requiredOption('--user <id>', 'user id', id)
    .option('--org <id>', 'the organisation it acts in (default: the first membership)', id)
    .option('--name <name>', 'token name')
    .option('--expires-in-days <n>', 'days until expiry (1 to 3650)', expiryDays)
    .action(async (o: { user: number; org?: number; name?: string; expiresInDays?: number }) => {
      const body = await validated(CreateTokenDto, {
        user_id: o.user,
        organisation_id: o.org,
        name: o.name,
        expires_in_days: o.expiresInDays,
      });
      await withApp((app) => app.get(AdminService).issueToken(body, CLI));
    });

  program
    .command('token:revoke')
    .description('revoke an access token')
    .requiredOption('--id <id>', 'token id', id)
    .action((o: { id: number }) => withApp((app) => app.get(UsersService).revokeToken(o.id, CLI)));

  program
    .command('seed:demo')
    .description('create a demo organisation with inventory, firmware and templates')
    .action(() =>
      withApp(async (app) => {
        const { organisation_id, user_id, token, device } = await app
          .get(DemoService)
          .seedDemo(CLI);
        return { organisation_id, user_id, token, device };
      }),
    );

  program
    .command('verify:revisions')
    .description(
      "check that every device's stored configuration revision names the configuration it receives",
    )
    .option('--org <id>', 'only this organisation', id)
    .option('--repair', 'then store the computed revision of each device named', false)
    .action(async (o: { org?: number; repair: boolean }) => {
      let differing = 0;
      await withApp(async (app) => {
        const revisions = app.get(ConfigRevisionsService);
        const result = await revisions.check(o.org);
        if (!o.repair) {
          differing = result.mismatches.length;
          return result;
        }
        return { ...result, repaired: await revisions.repair(o.org) };
      });
      if (differing > 0) {
        throw new Error(`${differing} stored configuration revision(s) differ; see mismatches`);
      }
    });
  return program;
}

function describe(error: unknown): string {
  if (error instanceof DomainError) {
    return JSON.stringify(error.body());
  }
  if (error instanceof ConfigurationError) {
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs one command line (`argv` as in process.argv) and resolves to the exit code: 0 after the JSON
 * line, 1 after an error on stderr (commander prints its own usage errors).
 */
export async function runCli(
  argv: readonly string[],
  input: CliInput = { stdin: process.stdin },
): Promise<number> {
  try {
    await buildCli(input).parseAsync(argv);
    return 0;
  } catch (error: unknown) {
    const code = (error as { code?: unknown }).code;
    if (code === 'commander.helpDisplayed' || code === 'commander.version') {
      return 0;
    }
    // commander has already printed its own usage errors
    if (!(typeof code === 'string' && code.startsWith('commander.'))) {
      process.stderr.write(`error: ${describe(error)}\n`);
    }
    return 1;
  }
}

if (require.main === module) {
  void runCli(process.argv).then((code) => process.exit(code));
}
