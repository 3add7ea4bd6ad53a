import type { z } from 'zod';

/** A config list whose items are named by `code`: a second item with the same code is refused. */
export function refuseDuplicateCodes(items: readonly { code: string }[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.code))
      ctx.addIssue({ code: 'custom', path: [index, 'code'], message: 'duplicate code' });
    seen.add(item.code);
  });
}
