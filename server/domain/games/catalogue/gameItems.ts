import type { GameItem } from '../../../../src/shared/games';
import { gameIcon } from './images';

/**
 * The one way game rows are read: the vendor's display name, the name in the language asked
 * for ($lang) falling back to EN, and the EN name as nodeName. Callers add joins, where,
 * order and limit.
 */
export function gameRowsSql(lang: string, moreColumns = ''): string {
  return `select ${moreColumns} g.node_id, g.vendor, v.display_name, g.game_type, g.game_classify, g.engine,
      g.enabled, coalesce(ln.name, en.name) as game_name, en.name as node_name
    from games g
    join game_vendors v on v.code = g.vendor
    join game_names en on en.node_id = g.node_id and en.language = 'EN'
    left join game_names ln on ln.node_id = g.node_id and ln.language = ${lang}`;
}

export interface GameRow {
  node_id: string;
  vendor: string;
  display_name: string;
  game_type: string;
  game_classify: string | null;
  engine: 'slot' | 'draw';
  enabled: boolean;
  game_name: string;
  node_name: string;
}

export function toGameItem(row: GameRow): GameItem {
  return {
    nodeId: row.node_id,
    displayName: row.display_name,
    gameName: row.game_name,
    nodeName: row.node_name,
    iconUrl: gameIcon(row.node_id),
    vassalage: row.vendor,
    gameType: row.game_type,
    gameClassify: row.game_classify,
    isGame: null,
    engine: row.engine,
  };
}
