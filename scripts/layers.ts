/**
 * `npm run layers`: the server's import picture as figures, and the layer rules checked
 * (issue 29; docs/architecture.md). Part of `npm run lint`: it exits 1 on any broken rule.
 *
 * dependency-cruiser reads the imports (TypeScript's resolution, type-only imports marked);
 * this script ranks every file by its layer and counts what runs back up:
 *
 *   entry     main.ts, boot.ts, ops/, seed/            (starts the platform)
 *   edge      http/, jobs/                             (call domain commands)
 *   realtime  realtime/                                (publishes the event map)
 *   compose   deps.ts                                  (AppDeps: the dependencies, wired)
 *   domain    domain/<feature>/                        (features; folders form no cycle)
 *   money     domain/accruals/ is a feature; domain/ledger/ is the money core (leaf)
 *   platform  platform/ (dependencies' type, unit of work, errors), metrics.ts
 *   base      db/, config/, crypto/, src/shared/
 *
 * An arrow "runs back up" when it points to a higher layer. Inside the domain, an arrow that
 * closes a cycle between two feature folders runs back up too (in any order one of its
 * directions does).
 *
 * `npm run layers -- --list` prints every arrow that runs back up.
 */
import { cruise, type ICruiseResult, type IModule } from 'dependency-cruiser';

const RANKS: [RegExp, number, string][] = [
  [/^server\/(main|boot)\.ts$|^server\/(ops|seed)\//, 8, 'entry'],
  [/^server\/(http|jobs)\//, 7, 'edge'],
  [/^server\/realtime\//, 6, 'realtime'],
  [/^server\/deps\.ts$/, 5, 'compose'],
  [/^server\/domain\/ledger\//, 3, 'ledger'],
  [/^server\/domain\//, 4, 'domain'],
  [/^server\/(platform\/|metrics\.ts$)/, 2, 'platform'],
  [/^server\/(db|config|crypto)\/|^src\/shared\//, 1, 'base'],
];

function rankOf(file: string): { rank: number; layer: string } | null {
  for (const [pattern, rank, layer] of RANKS) if (pattern.test(file)) return { rank, layer };
  return null;
}

/** The domain folder of a file (`server/domain/vip/progress.ts` → `vip`), or null. */
function featureOf(file: string): string | null {
  const match = /^server\/domain\/([^/]+)\//.exec(file);
  return match ? match[1]! : null;
}

export interface Arrow {
  from: string;
  to: string;
  typeOnly: boolean;
}

export interface LayerFigures {
  files: number;
  arrows: number;
  backUp: Arrow[];
  /** File cycles (strongly connected components of more than one file), value imports only. */
  valueCycles: string[][];
  /** The same with type-only imports counted. */
  cycles: string[][];
  domainToEdge: Arrow[];
  ledgerToFeature: Arrow[];
  folderEdges: number;
  twoWayPairs: [string, string][];
  /** Domain folders in a cycle of value imports. */
  folderCycles: string[][];
}

export async function cruiseServer(): Promise<Arrow[]> {
  const reported = await cruise(
    ['server'],
    {
      doNotFollow: { path: 'node_modules' },
      exclude: { path: '(^|/)node_modules/' },
      tsPreCompilationDeps: true,
      tsConfig: { fileName: 'tsconfig.json' },
      outputType: 'json',
    },
    {},
    { tsConfig: { compilerOptions: { allowImportingTsExtensions: true } } },
  );
  const result = (
    typeof reported.output === 'string' ? JSON.parse(reported.output) : reported.output
  ) as ICruiseResult;
  const arrows: Arrow[] = [];
  for (const module of result.modules as IModule[]) {
    if (!module.source.startsWith('server/')) continue;
    for (const dependency of module.dependencies) {
      const to = dependency.resolved;
      if (!to.startsWith('server/') && !to.startsWith('src/')) continue;
      arrows.push({
        from: module.source,
        to,
        typeOnly: dependency.dependencyTypes.some((type) =>
          ['type-only', 'type-import'].includes(type),
        ),
      });
    }
  }
  return arrows;
}

/** Tarjan's strongly connected components; answers those of more than one node. */
function cycles(nodes: Iterable<string>, edges: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indices.get(next)!));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of nodes) if (!indices.has(node)) visit(node);
  return found;
}

function graphOf(arrows: Arrow[], key: (file: string) => string | null) {
  const edges = new Map<string, Set<string>>();
  const nodes = new Set<string>();
  for (const arrow of arrows) {
    const from = key(arrow.from);
    const to = key(arrow.to);
    if (from === null || to === null || from === to) continue;
    nodes.add(from).add(to);
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from)!.add(to);
  }
  return { nodes, edges };
}

export function figuresOf(arrows: Arrow[]): LayerFigures {
  const value = arrows.filter((arrow) => !arrow.typeOnly);
  const files = new Set(arrows.flatMap((arrow) => [arrow.from, arrow.to]));
  const fileGraph = graphOf(arrows, (file) => file);
  const valueGraph = graphOf(value, (file) => file);
  const folders = graphOf(arrows, featureOf);
  const valueFolders = graphOf(value, featureOf);
  const folderCycles = cycles(valueFolders.nodes, valueFolders.edges);
  const inFolderCycle = new Map<string, number>();
  folderCycles.forEach((cycle, at) => cycle.forEach((folder) => inFolderCycle.set(folder, at)));
  const twoWayPairs: [string, string][] = [];
  let folderEdges = 0;
  for (const [from, targets] of folders.edges) {
    for (const to of targets) {
      folderEdges += 1;
      if (from < to && folders.edges.get(to)?.has(from)) twoWayPairs.push([from, to]);
    }
  }
  const backUp = arrows.filter((arrow) => {
    const from = rankOf(arrow.from);
    const to = rankOf(arrow.to);
    if (from && to && to.rank > from.rank) return true;
    const a = featureOf(arrow.from);
    const b = featureOf(arrow.to);
    if (a === null || b === null || a === b || arrow.typeOnly) return false;
    // Inside the domain: an arrow that closes a value cycle between folders.
    const cycle = inFolderCycle.get(a);
    return cycle !== undefined && cycle === inFolderCycle.get(b) && b < a;
  });
  return {
    files: files.size,
    arrows: arrows.length,
    backUp,
    valueCycles: cycles(valueGraph.nodes, valueGraph.edges),
    cycles: cycles(fileGraph.nodes, fileGraph.edges),
    domainToEdge: arrows.filter(
      (arrow) =>
        arrow.from.startsWith('server/domain/') &&
        /^server\/(http|jobs|realtime|ops|seed|main\.ts|boot\.ts|deps\.ts)/.test(arrow.to),
    ),
    ledgerToFeature: arrows.filter(
      (arrow) =>
        arrow.from.startsWith('server/domain/ledger/') &&
        arrow.to.startsWith('server/domain/') &&
        !arrow.to.startsWith('server/domain/ledger/'),
    ),
    folderEdges,
    twoWayPairs,
    folderCycles,
  };
}

/** The goals of issue 29: what `npm run lint` holds. */
export const LIMITS = { backUp: 10, largestCycle: 2 };

export function brokenRules(figures: LayerFigures): string[] {
  const broken: string[] = [];
  if (figures.backUp.length > LIMITS.backUp) {
    broken.push(`${figures.backUp.length} imports run back up (at most ${LIMITS.backUp})`);
  }
  const largest = Math.max(0, ...figures.cycles.map((cycle) => cycle.length));
  if (largest > LIMITS.largestCycle) {
    broken.push(`a circle of ${largest} files (at most ${LIMITS.largestCycle})`);
  }
  if (figures.valueCycles.length > 0) {
    broken.push(`${figures.valueCycles.length} value cycles between files`);
  }
  for (const arrow of figures.domainToEdge) {
    broken.push(`domain imports an upper layer: ${arrow.from} → ${arrow.to}`);
  }
  for (const arrow of figures.ledgerToFeature) {
    broken.push(`the ledger imports a feature: ${arrow.from} → ${arrow.to}`);
  }
  for (const cycle of figures.folderCycles) {
    broken.push(`domain folders in a cycle: ${cycle.join(' ↔ ')}`);
  }
  return broken;
}

async function main() {
  const list = process.argv.includes('--list');
  const figures = figuresOf(await cruiseServer());
  const largest = Math.max(0, ...figures.cycles.map((cycle) => cycle.length));
  console.log(
    [
      `server: ${figures.files} files, ${figures.arrows} import arrows`,
      `running back up: ${figures.backUp.length} (at most ${LIMITS.backUp})`,
      `circles: ${figures.cycles.length} (largest ${largest} files), of value imports: ${figures.valueCycles.length}`,
      `domain → http/jobs/realtime: ${figures.domainToEdge.length}`,
      `ledger → features: ${figures.ledgerToFeature.length}`,
      `domain folders: ${figures.folderEdges} folder-to-folder edges, ${figures.twoWayPairs.length} two-way pairs, ${figures.folderCycles.length} value cycles`,
    ].join('\n'),
  );
  if (list) {
    for (const arrow of figures.backUp) {
      console.log(`  up: ${arrow.from} → ${arrow.to}${arrow.typeOnly ? ' (type)' : ''}`);
    }
    for (const cycle of figures.cycles) console.log(`  circle: ${cycle.join(', ')}`);
    for (const [a, b] of figures.twoWayPairs) console.log(`  two-way: ${a} ↔ ${b}`);
  }
  const broken = brokenRules(figures);
  if (broken.length > 0) {
    console.error(`\nThe server's layers (docs/architecture.md) are broken:`);
    for (const line of broken.slice(0, 40)) console.error(`  ${line}`);
    if (broken.length > 40) console.error(`  … and ${broken.length - 40} more`);
    process.exitCode = 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
