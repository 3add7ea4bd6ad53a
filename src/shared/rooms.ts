/**
 * GLS2_roomList (issue 16; spec 7): the rooms of the live and PVP games, with occupancy. A
 * room is one game's table; its seats are taken by the members playing it now (a real launch
 * of that game opened in the last ROOM_PRESENCE_MINUTES and still valid). Ours: the spec names
 * the call and nothing of its answer.
 */
export const ROOM_CATEGORIES = ['LIVE', 'PVP'] as const;
export type RoomCategory = (typeof ROOM_CATEGORIES)[number];

/** A launch counts as seated this long after it was opened. */
export const ROOM_PRESENCE_MINUTES = 15;

export interface GameRoom {
  roomId: string;
  nodeId: string;
  gameName: string;
  vassalage: string;
  gameType: RoomCategory;
  capacity: number;
  occupied: number;
  full: boolean;
}

export interface RoomList {
  rooms: GameRoom[];
  totalPages: number;
}

/**
 * GCS_gameLaunchFB (issue 16; spec 7 names it only): the launch fallback. When a launched game
 * does not open where it was launched (the game popup's frame, a launch CDN), the page asks for
 * the same game session again: the answer is a new address on the site's own origin, shown in
 * the whole window; the launch keeps its game, money and rounds, and the old address stops
 * working (its token is replaced).
 */
export interface LaunchFallbackRequest {
  launch: string;
}
