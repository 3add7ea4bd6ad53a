import type { FastifyInstance } from 'fastify';
import { ok } from '../../../src/shared/envelope';
import { agentIncome } from '../../domain/agent/income';
import { teamOverview } from '../../domain/agent/overview';
import { teamReportQuerySchema } from '../../domain/agent/query';
import { teamBets } from '../../domain/agent/teamBets';
import { teamProfit } from '../../domain/agent/teamProfit';
import { teamTransactions } from '../../domain/agent/teamTransactions';
import { recordsWindow } from '../../domain/records/query';
import { sessionOf } from '../auth';
import type { AppDeps } from '../../deps';
import { parseInput } from '../errors';

/**
 * The agent back office's reports (spec 2 agent centre pages; the spec names the pages, not
 * their calls: these paths are ours). Agents only; each report covers the calling agent's team
 * and nothing else; paged, date-ranged and summed in SQL.
 */
export async function reportRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const read = (request: Parameters<typeof sessionOf>[0]) => {
    const session = sessionOf(request);
    const query = parseInput(teamReportQuerySchema, request.query);
    return { agentId: session.memberId, query, window: recordsWindow(query) };
  };
  const agentOnly = {
    schema: { querystring: teamReportQuerySchema },
    config: { auth: 'agent' as const },
  };

  app.get('/wps/agent/team/overview', agentOnly, async (request) => {
    const { agentId, window } = read(request);
    return ok(await teamOverview(deps.db, agentId, window));
  });

  app.get('/wps/agent/team/bets', agentOnly, async (request) => {
    const { agentId, query, window } = read(request);
    // The member records filter bets by vendor through `type`; either name works here.
    const vendor = query.vendor ?? query.type;
    return ok(await teamBets(deps.db, agentId, window, { account: query.account, vendor }));
  });

  app.get('/wps/agent/team/profit', agentOnly, async (request) => {
    const { agentId, query, window } = read(request);
    return ok(await teamProfit(deps.db, agentId, window, { account: query.account }));
  });

  app.get('/wps/agent/team/transactions', agentOnly, async (request) => {
    const { agentId, query, window } = read(request);
    return ok(await teamTransactions(deps.db, agentId, window, { account: query.account }));
  });

  app.get('/wps/agent/income', agentOnly, async (request) => {
    const { agentId, window } = read(request);
    return ok(await agentIncome(deps.db, agentId, window));
  });
}
