/**
 * Answers of catalogue reads kept in memory. The catalogue only changes when the server starts
 * (seedCatalogue runs before it listens), so a list page, once read, stays right for the life of
 * the process; this spares PGlite, which runs one query at a time, the same joins again and
 * again (bench/ "games": the list endpoint under load). Bounded: the oldest answers go first.
 */
export function createReadCache<T>(limit = 2_000) {
  const answers = new Map<string, Promise<T>>();
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const known = answers.get(key);
      if (known) return known;
      const pending = load();
      answers.set(key, pending);
      // A failed read is not kept: the next request asks the database again.
      pending.catch(() => answers.delete(key));
      if (answers.size > limit) answers.delete(answers.keys().next().value!);
      return pending;
    },
  };
}
