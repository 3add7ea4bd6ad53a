import type { LaunchResult } from '../../src/shared/games';
import { bearer } from './identityClient';
import { call, type TestServer } from './testServer';

/**
 * Launches the catalogue's first slot-engine game (of `gameType` when given) for real play and
 * answers the launch token of its URL.
 */
export async function launchFirstSlot(
  server: TestServer,
  token: string,
  gameType: string | null = null,
): Promise<string> {
  const [game] = await server.deps.db.query<{ node_id: string; vendor: string }>(
    `select node_id, vendor from games where engine = 'slot'
       and ($1::text is null or game_type = $1) order by node_id limit 1`,
    [gameType],
  );
  const launched = await call(server, '/wps/game/launchGame', {
    method: 'POST',
    headers: bearer(token),
    json: { nodeId: game!.node_id, vassalage: game!.vendor },
  });
  if (!launched.body.success) throw new Error(`launch failed: ${launched.body.code}`);
  return new URL((launched.body.value as LaunchResult).url, server.url).searchParams.get('launch')!;
}
