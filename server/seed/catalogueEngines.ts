import { readFile } from 'node:fs/promises';
import { catalogueSchema } from '../domain/games/catalogue/data';
import { type GameEngine, gameEnginesOf } from '../domain/economics/returnsBudget';
import { catalogueFile } from './seedCatalogue';

/**
 * The engines each game type of the catalogue data file plays (RNG → slot, LOTT → draw, …):
 * what the returns budget reads before a database is open (at start, `npm run ops -- economics`).
 */
export async function catalogueGameEngines(
  file = catalogueFile,
): Promise<Record<string, GameEngine[]>> {
  const data = catalogueSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  return gameEnginesOf(data.games);
}
