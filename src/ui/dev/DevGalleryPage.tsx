import { useState } from 'react';
import { Badge, RedDot } from '../components/Badge';
import { Button, IconButton } from '../components/Button';
import { Card } from '../components/Card';
import { DateRangeFields } from '../components/DateRange';
import { EmptyState } from '../components/EmptyState';
import { Field, Select } from '../components/Field';
import { Icon, iconNames } from '../components/Icon';
import { LoadFailed } from '../components/LoadFailed';
import { Modal } from '../components/Modal';
import { PageNumbers } from '../components/PageNumbers';
import { PillButton, PillRow } from '../components/Pill';
import { Skeleton, SkeletonText } from '../components/Skeleton';
import { Table } from '../components/Table';
import { Tabs } from '../components/Tabs';
import { useToast } from '../components/Toast';
import { NotFoundPage } from '../shell';
import { siteFeature } from '../../app/features/site';
import { useFeature } from '../core/useFeature';
import { useQuery } from '../hooks/useQuery';

interface Row {
  day: string;
  bets: number;
  amount: string;
}
const rows: Row[] = [
  { day: '2026-11-20', bets: 42, amount: '1,024.50' },
  { day: '2026-11-21', bets: 7, amount: '88.00' },
];

/** Every component once, in the theme of the panel around it. */
function Specimens({ theme }: { theme: 'light' | 'dark' }) {
  const toast = useToast();
  const [tab, setTab] = useState<'one' | 'two' | 'three'>('one');
  const [pill, setPill] = useState('all');
  const [page, setPage] = useState(3);
  const [open, setOpen] = useState(false);
  return (
    <div className="gallery-panel" data-theme={theme}>
      <h2>{theme === 'light' ? 'Light' : 'Dark'}</h2>
      <Card title="Button, IconButton" actions={<Badge tone="accent">new</Badge>}>
        <div className="button-row">
          <Button variant="primary">Primary</Button>
          <Button>Secondary</Button>
          <Button variant="ghost">Ghost</Button>
          <Button variant="danger">Danger</Button>
          <Button variant="primary" busy>
            Busy
          </Button>
          <Button disabled>Disabled</Button>
          <Button size="sm" icon="plus">
            Small
          </Button>
          <IconButton icon="refresh" label="Refresh" />
          <IconButton
            icon="message"
            label="Messages, 3 unread"
            overlay={<RedDot count={3} label="3 unread" />}
          />
        </div>
      </Card>
      <Card title="Tabs, Pill">
        <Tabs
          label={`Tabs (${theme})`}
          items={[
            { id: 'one', label: 'Username' },
            { id: 'two', label: 'Mobile' },
            { id: 'three', label: 'E-mail' },
          ]}
          current={tab}
          onSelect={setTab}
        />
        <PillRow label={`Pills (${theme})`}>
          {['all', 'slots', 'live', 'fishing', 'cards', 'sports', 'lottery'].map((name) => (
            <PillButton key={name} pressed={pill === name} onClick={() => setPill(name)}>
              {name}
            </PillButton>
          ))}
        </PillRow>
      </Card>
      <Card title="Field, Select, DateRange">
        <Field label="Amount" name={`amount-${theme}`} hint="Between 10.00 and 50,000.00" />
        <Field label="Username" name={`user-${theme}`} error="Input cannot be empty." />
        <Select
          label="Wallet"
          options={[
            { value: 'MAIN', label: 'Main wallet' },
            { value: 'PG', label: 'PG Soft' },
          ]}
        />
        <form className="records-filters">
          <DateRangeFields range={{ fromDay: '2026-11-18', toDay: '2026-11-24' }} />
        </form>
      </Card>
      <Card title="Table (folds below 560 px of room)">
        <Table
          items={rows}
          rowKey={(row) => row.day}
          testId={`gallery-table-${theme}`}
          totals={{ bets: '49', amount: '1,112.50' }}
          columns={[
            { id: 'day', label: 'Day', cell: (row) => row.day },
            { id: 'bets', label: 'Bets', cell: (row) => row.bets, numeric: true },
            { id: 'amount', label: 'Bet amount', cell: (row) => row.amount, numeric: true },
          ]}
        />
        <PageNumbers page={page} pages={20} onPage={setPage} label={`Pages (${theme})`} />
      </Card>
      <Card title="Badge, red dot, Skeleton">
        <div className="button-row">
          <Badge>Trial</Badge>
          <Badge tone="success">Credited</Badge>
          <Badge tone="danger">Rejected</Badge>
          <RedDot label="unread" />
          <RedDot count={120} label="120 unread" />
        </div>
        <Skeleton aspectRatio="3 / 1" />
        <SkeletonText lines={3} />
      </Card>
      <Card title="Toast, Modal">
        <div className="button-row">
          <Button onClick={() => toast('Saved.', { tone: 'success' })}>Show a toast</Button>
          <Button onClick={() => setOpen(true)}>Open a modal</Button>
        </div>
        <Modal name={`gallery-${theme}`} title="A modal" open={open} onClose={() => setOpen(false)}>
          <p>On a phone this is a full-height sheet.</p>
        </Modal>
      </Card>
      <Card title="EmptyState, LoadFailed">
        <EmptyState title="No records in this range" />
        <LoadFailed onRetry={() => undefined} />
      </Card>
      <Card title="Icon">
        <ul className="gallery-icons">
          {iconNames.map((name) => (
            <li key={name}>
              <Icon name={name} />
              <span>{name}</span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}

/**
 * /dev/ui: the design system's gallery, each component in both themes side by side (stacked on
 * a phone). Only with the development tools on (DEV_TOOLS=1): otherwise the server has no
 * /wps/dev routes and this page is the not-found page.
 */
export default function DevGalleryPage() {
  const siteModule = useFeature(siteFeature);
  // A failed check is the not-found page too: the gallery is only for a site that says so.
  const check = useQuery('dev-tools', () => siteModule.devToolsEnabled().catch(() => false));
  const enabled = check.state.kind === 'ready' ? check.state.value : null;
  if (enabled === null) return <Skeleton height="40vh" />;
  if (!enabled) return <NotFoundPage />;
  return (
    <div className="gallery" data-testid="dev-gallery">
      <h1>Design system</h1>
      <p>
        Tokens: <code>src/ui/styles/tokens.css</code>. How to build a page: <code>docs/ui.md</code>.
      </p>
      <div className="gallery-themes">
        <Specimens theme="light" />
        <Specimens theme="dark" />
      </div>
    </div>
  );
}
