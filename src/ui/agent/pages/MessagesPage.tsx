import { ComposeMessage } from '../../member';
import { Inbox } from '../../member';

/**
 * The back office's messages: the agent's inbox (notices, its upline's messages; a contract
 * offer links to the back office's contracts page, where it is answered) and a form to write to
 * its team.
 */
export function MessagesPage() {
  return (
    <div className="agent-messages">
      <Inbox testId="agent-inbox" contractsPath="/agentHome/agentContracts" />
      <ComposeMessage />
    </div>
  );
}
