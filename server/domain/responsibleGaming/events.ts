/** A member's responsible-gaming settings changed (committed), for the `rg` socket event. */
export interface RgChange {
  memberId: string;
  /** The settings' version after the change: the event's seq. */
  version: number;
}
