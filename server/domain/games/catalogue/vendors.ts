import {
  type GameCategoryVendors,
  VASSALAGE,
  type VendorGameTypes,
} from '../../../../src/shared/games';
import type { Queryable } from '../../../db/types';
import { vendorImages } from './images';

interface LaneRow {
  category: string;
  vendor: string;
  display_name: string;
  vassalage: boolean;
}

/** Every lane that has at least one enabled game, in server order (category, then lane). */
async function lanes(db: Queryable): Promise<LaneRow[]> {
  return db.query<LaneRow>(
    `select l.category, l.vendor, v.display_name, l.vassalage
     from game_vendor_lanes l
     join game_categories c on c.code = l.category
     join game_vendors v on v.code = l.vendor
     where exists (select 1 from games g
       where g.enabled and g.game_type = l.category and g.vendor = l.vendor)
     order by c.sort, l.sort, l.vendor`,
  );
}

/**
 * GCSGAME_newGameVendor: each category with its vendors, in server order; a category without
 * a vendor is left out (the top navigation shows only categories with one, spec 2).
 */
export async function categoryVendors(db: Queryable): Promise<GameCategoryVendors[]> {
  const answer: GameCategoryVendors[] = [];
  for (const lane of await lanes(db)) {
    let category = answer.at(-1);
    if (category?.gameCategory !== lane.category) {
      category = { gameCategory: lane.category, vendors: [] };
      answer.push(category);
    }
    category.vendors.push({
      vassalage: lane.vendor,
      displayName: lane.display_name,
      gameType: lane.category,
      isGame: lane.vassalage ? VASSALAGE : null,
      images: vendorImages(lane.vendor, lane.category),
    });
  }
  return answer;
}

/** GCSGAME_getVassGameType: each vendor's game types (vendors and types in server order). */
export async function vendorGameTypes(db: Queryable): Promise<VendorGameTypes> {
  const rows = await db.query<{ vendor: string; types: string[] }>(
    `select l.vendor, array_agg(l.category order by c.sort) as types
     from game_vendor_lanes l
     join game_categories c on c.code = l.category
     join game_vendors v on v.code = l.vendor
     where exists (select 1 from games g
       where g.enabled and g.game_type = l.category and g.vendor = l.vendor)
     group by l.vendor, v.sort
     order by v.sort, l.vendor`,
  );
  return Object.fromEntries(rows.map((row) => [row.vendor, row.types]));
}
