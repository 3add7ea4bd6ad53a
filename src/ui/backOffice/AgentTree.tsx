import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackOffice } from '../../app/features/backOffice';
import { AGENT_TREE_LIMIT, type AgentNode } from '../../shared/backOfficeAdmin';
import { EmptyState } from '../components/EmptyState';
import { Icon } from '../components/Icon';
import { QueryFallback } from '../components/QueryFallback';
import { shownValue, useQuery } from '../hooks/useQuery';

/** One level of the tree: the top agents, or the sub-agents of `under`. */
export function AgentLevel({
  office,
  under,
  selected,
  onSelect,
}: {
  office: BackOffice;
  under: string | null;
  selected: string | null;
  onSelect: (account: string) => void;
}) {
  const { t } = useTranslation();
  const level = useQuery(`back-office-agents:${under ?? ''}`, (signal) =>
    office.admin.agents(under, signal),
  );
  const tree = shownValue(level.state);
  if (!tree) return <QueryFallback state={level.state} onRetry={level.refresh} lines={2} />;
  if (tree.agents.length === 0 && under === null) {
    return <EmptyState title={t('backOffice.admin.agentsEmpty')} icon="team" />;
  }
  return (
    <>
      <ul className="agent-level" data-testid={under ? `agents-under-${under}` : 'agents-top'}>
        {tree.agents.map((agent) => (
          <AgentItem
            key={agent.account}
            office={office}
            agent={agent}
            selected={selected}
            onSelect={onSelect}
          />
        ))}
      </ul>
      {tree.more && (
        <p className="field-hint">
          {t('backOffice.admin.agentsMore', { count: AGENT_TREE_LIMIT })}
        </p>
      )}
    </>
  );
}

function AgentItem({
  office,
  agent,
  selected,
  onSelect,
}: {
  office: BackOffice;
  agent: AgentNode;
  selected: string | null;
  onSelect: (account: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const current = selected === agent.account;
  return (
    <li className="agent-node" data-testid="agent-node" data-account={agent.account}>
      <div className="agent-row">
        {agent.subAgents > 0 ? (
          <button
            type="button"
            className="agent-toggle"
            aria-expanded={open}
            aria-label={t('backOffice.admin.expand', { account: agent.account })}
            onClick={() => setOpen((now) => !now)}
          >
            <Icon name="chevronRight" size={20} className="agent-toggle-icon" />
          </button>
        ) : (
          <span className="agent-toggle-space" aria-hidden="true" />
        )}
        <button
          type="button"
          className={current ? 'agent-select agent-select-current' : 'agent-select'}
          aria-pressed={current}
          onClick={() => onSelect(agent.account)}
        >
          <strong>{agent.account}</strong>
          <span className="field-hint">
            {t('backOffice.admin.agentLevel', { level: agent.level })} ·{' '}
            {t('backOffice.admin.agentFacts', {
              direct: agent.directDownlines,
              team: agent.teamSize,
            })}
          </span>
        </button>
      </div>
      {open && (
        <div className="agent-children">
          <AgentLevel
            office={office}
            under={agent.account}
            selected={selected}
            onSelect={onSelect}
          />
        </div>
      )}
    </li>
  );
}
