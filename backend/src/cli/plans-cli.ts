import 'reflect-metadata';
import { option, runCli } from './cli-arguments';
import { PLAN_IDS, type PlanId, workspaceStream } from '@ringcheck/projections';
import { userStream } from '../identity/domain/user.decider';
import { accountNamed } from '../identity/commands/change-user-role';
import { loadConfig } from '../infrastructure/config';
import { executeCommand, foldHistory } from '../infrastructure/event-sourcing';
import { createEventStore } from '../infrastructure/event-store';
import { planUsageOf } from '../workspace/api/plan-usage';
import { workspaceDecider } from '../workspace/domain/workspace.decider';

const USAGE = `Usage: npm run plans -- <command>

Commands:
  show <e-mail or user id>                 the user's plan, its limits and this month's usage
  assign <e-mail or user id> <plan> [--by NAME] [--reason TEXT]
                                           put the user on a plan (${PLAN_IDS.join(', ')}), recorded as an event

Runs beside a running server: the server picks the change up from the event store.`;

type EventStore = Awaited<ReturnType<typeof createEventStore>>;

/** The account an e-mail address or user id names, or null when none does. */
async function findUser(events: EventStore, who: string): Promise<string | null> {
  const userId = await accountNamed(events, who);
  if (!userId) return null;
  const deleted = (await events.readStream(userStream(userId))).some((event) => event.type === 'UserDeleted');
  return deleted ? null : userId;
}

async function main(argv: string[]): Promise<number> {
  const [command, who, plan] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  if ((command !== 'show' && command !== 'assign') || !who) {
    console.error(USAGE);
    return 1;
  }
  if (command === 'assign' && !PLAN_IDS.includes(plan as PlanId)) {
    console.error(`assign needs a plan, one of: ${PLAN_IDS.join(', ')}`);
    return 1;
  }
  const config = loadConfig();
  const events = await createEventStore(config);
  try {
    const userId = await findUser(events, who);
    if (!userId) {
      console.error(`No account found for ${who}.`);
      return 1;
    }
    if (command === 'assign') {
      const by = option(argv, '--by') ?? process.env.USER ?? 'operator';
      const outcome = await executeCommand(
        events,
        workspaceStream(userId),
        workspaceDecider,
        { type: 'AssignPlan', userId, plan: plan as PlanId, assignedBy: by, reason: option(argv, '--reason') },
        { actor: `operator:${by}`, correlationId: crypto.randomUUID() },
      );
      console.log(outcome.events.length > 0 ? `${userId} is now on the ${plan} plan (position ${outcome.position}).` : `${userId} was already on the ${plan} plan.`);
    }
    const state = foldHistory(workspaceDecider, await events.readStream(workspaceStream(userId)));
    const view = planUsageOf(state, config.planLimits, new Date());
    const limit = (n: number | null) => (n === null ? 'unlimited' : String(n));
    console.log(
      `${userId}: ${view.plan.name} plan; ${view.usage.test_calls} of ${limit(view.plan.limits.test_calls_per_month)} test calls in ${view.usage.month}, ` +
        `${view.usage.locations} of ${limit(view.plan.limits.locations)} locations`,
    );
    return 0;
  } finally {
    await events.close();
  }
}

runCli(main);
