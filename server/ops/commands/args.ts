import { parseArgs } from 'node:util';

/** The command line parsed: the words (command, action, extra, more) and the options. */
export function parseCommand(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      until: { type: 'string' },
      status: { type: 'string' },
      reason: { type: 'string' },
      recipient: { type: 'string' },
      limit: { type: 'string' },
      file: { type: 'string' },
      all: { type: 'boolean' },
      kind: { type: 'string' },
      execution: { type: 'string' },
      title: { type: 'string', multiple: true },
      body: { type: 'string', multiple: true },
      start: { type: 'string' },
      end: { type: 'string' },
      'go-reward': { type: 'boolean' },
      account: { type: 'string', multiple: true },
      permanent: { type: 'boolean' },
      'display-name': { type: 'string' },
      key: { type: 'string' },
      roles: { type: 'string' },
      actor: { type: 'string' },
      action: { type: 'string' },
      text: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
    },
  });
  const [command, action, extra, ...more] = positionals;
  return { command, action, extra, more, values };
}

/** A parsed command line. */
export type CommandArgs = ReturnType<typeof parseCommand>;

/** A group of commands: its output, or undefined when the command line is none of its own. */
export type CommandGroup = (args: CommandArgs) => Promise<string | undefined>;
