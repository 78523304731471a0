import 'reflect-metadata';
import { option, runCli } from './cli-arguments';
import { type UserSignedUpData, USER_ROLES } from '@ringcheck/projections';
import { accountNamed, changeUserRole, rolesOf } from '../identity/commands/change-user-role';
import { userStream } from '../identity/domain/user.decider';
import { loadConfig } from '../infrastructure/config';
import { DomainError } from '../infrastructure/event-sourcing';
import { createEventStore } from '../infrastructure/event-store';

const USAGE = `Usage: npm run roles -- <command>

Commands:
  grant <e-mail or user id> <role> [--by NAME] [--reason TEXT]    give the user a role (${USER_ROLES.join(', ')}), recorded as an event
  revoke <e-mail or user id> <role> [--by NAME] [--reason TEXT]   take it away again
  list [<e-mail or user id>]                                      the user's roles, or every user holding one

Runs beside a running server: the server picks the change up from the event store.`;

type EventStore = Awaited<ReturnType<typeof createEventStore>>;

const ROLE_EVENTS = new Set(['UserRoleGranted', 'UserRoleRevoked']);
const PAGE = 5000;

async function describeUser(events: EventStore, userId: string): Promise<string> {
  const history = await events.readStream(userStream(userId));
  const signedUp = history.find((event) => event.type === 'UserSignedUp');
  const deleted = history.some((event) => event.type === 'UserDeleted');
  const email = (signedUp?.data as UserSignedUpData | undefined)?.email;
  const roles = await rolesOf(events, userId);
  return `${userId}${email && !deleted ? ` <${email}>` : ''}${deleted ? ' (deleted)' : ''}: ${roles.length > 0 ? roles.join(', ') : 'no roles'}`;
}

/** Every user a role was ever granted to or revoked from, found by reading the whole log once. */
async function usersWithRoleEvents(events: EventStore): Promise<string[]> {
  const users = new Set<string>();
  for (let position = 0; ; ) {
    const page = await events.readAll({ fromPosition: position, maxCount: PAGE });
    for (const event of page) if (ROLE_EVENTS.has(event.type)) users.add((event.data as { userId: string }).userId);
    if (page.length < PAGE) break;
    position = page[page.length - 1].position;
  }
  return [...users];
}

async function main(argv: string[]): Promise<number> {
  const [command, who, role] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const changing = command === 'grant' || command === 'revoke';
  if ((!changing && command !== 'list') || (changing && (!who || !role))) {
    console.error(USAGE);
    return 1;
  }
  const config = loadConfig();
  const events = await createEventStore(config);
  try {
    if (command === 'list' && !who) {
      const lines: string[] = [];
      for (const userId of await usersWithRoleEvents(events)) {
        if ((await rolesOf(events, userId)).length > 0) lines.push(await describeUser(events, userId));
      }
      console.log(lines.length > 0 ? lines.join('\n') : 'No user holds a role.');
      return 0;
    }
    const userId = await accountNamed(events, who!);
    if (!userId) {
      console.error(`No account found for ${who}.`);
      return 1;
    }
    if (changing) {
      const by = option(argv, '--by') ?? process.env.USER ?? 'operator';
      const outcome = await changeUserRole(events, { action: command, userId, role: role!, by, reason: option(argv, '--reason') });
      if (command === 'grant') {
        console.log(outcome.changed ? `${userId} is now an ${role} (position ${outcome.position}).` : `${userId} already had the ${role} role: nothing recorded.`);
      } else {
        console.log(outcome.changed ? `${userId} is no longer an ${role} (position ${outcome.position}).` : `${userId} did not have the ${role} role: nothing recorded.`);
      }
    }
    console.log(await describeUser(events, userId));
    return 0;
  } catch (error) {
    if (error instanceof DomainError || (error instanceof Error && error.name === 'SessionRefusedError')) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await events.close();
  }
}

runCli(main);
