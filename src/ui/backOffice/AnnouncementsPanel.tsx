import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorAnnouncement } from '../../shared/announcements';
import {
  completeLanguageNames,
  completeLanguages,
  type CompleteLanguage,
  isCompleteLanguage,
} from '../../shared/languages';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { DataTable, type DataColumn } from '../components/DataTable';
import { useDialog } from '../components/DialogProvider';
import { EmptyState } from '../components/EmptyState';
import { QueryFallback } from '../components/QueryFallback';
import { Tabs } from '../components/Tabs';
import { useToast } from '../components/Toast';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf } from '../core/apiErrors';
import { shownValue, useQuery } from '../hooks/useQuery';
import { AnnouncementEditor } from './AnnouncementEditor';
import { AnnouncementPreview, shownText } from './AnnouncementPreview';
import type { PanelProps } from './panelProps';
import './promotions.css';
import './announcements.css';

/** Who may create and end them (the server checks; the page leaves out what it would refuse). */
const WRITERS = ['marketing'];

const STATE_TONES = { showing: 'success', scheduled: 'accent', ended: 'neutral' } as const;

/**
 * The back office's announcements (issue 30): the operator's notices and pop-ups, showing and
 * scheduled ones (ended ones too when asked), sorted, filtered and exported. Marketing creates
 * one in a form that previews it per language as a player sees it, and ends one that still
 * shows; support reads them, and anyone may look at one as a player of each language would.
 */
export function AnnouncementsPanel({ office, me }: PanelProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const dialog = useDialog();
  const errorText = useErrorText();
  const [showEnded, setShowEnded] = useState(false);
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<OperatorAnnouncement | null>(null);
  const list = useQuery(`back-office-announcements:${showEnded ? 'all' : 'live'}`, (signal) =>
    office.announcements.list(showEnded, signal),
  );
  const writer = me.roles.some((role) => WRITERS.includes(role));
  const rows = shownValue(list.state);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const when = (iso: string | null) => (iso ? date.format(new Date(iso)) : '—');
  const ownLanguage = i18n.language.toUpperCase();
  const titleOf = (row: OperatorAnnouncement) => shownText(row.title, ownLanguage);

  const end = async (row: OperatorAnnouncement) => {
    const answer = await dialog({
      icon: 'warning',
      title: t('backOffice.announcementsPage.endTitle', { title: titleOf(row) }),
      html: `<p>${t('backOffice.announcementsPage.endBody')}</p>`,
      buttons: [
        { key: 'cancel', label: t('common.cancel') },
        { key: 'end', label: t('backOffice.announcementsPage.end'), primary: true },
      ],
    });
    if (answer !== 'end') return;
    office.announcements.end(row.id).then(
      () => {
        toast(t('backOffice.announcementsPage.ended', { title: titleOf(row) }), {
          tone: 'success',
        });
        if (viewing?.id === row.id) setViewing(null);
        list.refresh();
      },
      (error: unknown) =>
        toast(errorText(errorCodeOf(error)) ?? t('errors.unknown'), { tone: 'error' }),
    );
  };

  if (creating) {
    return (
      <AnnouncementEditor
        office={office}
        onDone={(saved) => {
          setCreating(false);
          if (saved) list.refresh();
        }}
      />
    );
  }
  if (!rows) return <QueryFallback state={list.state} onRetry={list.refresh} lines={4} />;

  const columns: DataColumn<OperatorAnnouncement>[] = [
    {
      id: 'kind',
      label: t('backOffice.announcementsPage.kind'),
      cell: (row) => t(`backOffice.announcementsPage.storedKinds.${row.kind}`),
      sortValue: (row) => row.kind,
      csv: (row) => row.kind,
    },
    {
      id: 'title',
      label: t('backOffice.announcementsPage.titleColumn'),
      cell: titleOf,
      sortValue: titleOf,
      csv: titleOf,
    },
    {
      id: 'execution',
      label: t('backOffice.announcementsPage.execution'),
      cell: (row) =>
        row.execution ? t(`backOffice.announcementsPage.executionsShort.${row.execution}`) : '—',
      sortValue: (row) => row.execution ?? '',
      csv: (row) => row.execution ?? '',
    },
    {
      id: 'startsAt',
      label: t('backOffice.announcementsPage.from'),
      cell: (row) => when(row.startsAt),
      sortValue: (row) => row.startsAt,
      csv: (row) => row.startsAt,
    },
    {
      id: 'endsAt',
      label: t('backOffice.announcementsPage.until'),
      cell: (row) => when(row.endedAt ?? row.endsAt),
      sortValue: (row) => row.endedAt ?? row.endsAt ?? '9999',
      csv: (row) => row.endedAt ?? row.endsAt ?? '',
    },
    {
      id: 'audience',
      label: t('backOffice.announcementsPage.audience'),
      cell: (row) =>
        row.accounts ? row.accounts.join(', ') : t('backOffice.announcementsPage.everyone'),
      csv: (row) => (row.accounts ? row.accounts.join(' ') : ''),
    },
    {
      id: 'state',
      label: t('backOffice.announcementsPage.status'),
      cell: (row) => (
        <Badge tone={STATE_TONES[row.state]}>
          {t(`backOffice.announcementsPage.states.${row.state}`)}
        </Badge>
      ),
      sortValue: (row) => row.state,
      csv: (row) => row.state,
    },
    {
      id: 'actions',
      label: t('backOffice.announcementsPage.actions'),
      cell: (row) => (
        <span className="promotion-actions">
          <Button
            size="sm"
            onClick={() => setViewing(row)}
            aria-label={t('backOffice.announcementsPage.viewOf', { title: titleOf(row) })}
          >
            {t('backOffice.announcementsPage.view')}
          </Button>
          {writer && row.state !== 'ended' && (
            <Button
              size="sm"
              onClick={() => void end(row)}
              aria-label={t('backOffice.announcementsPage.endOf', { title: titleOf(row) })}
            >
              {t('backOffice.announcementsPage.end')}
            </Button>
          )}
        </span>
      ),
    },
  ];

  const toggle = (
    <label className="checkbox announcement-show-ended">
      <input
        type="checkbox"
        name="showEnded"
        checked={showEnded}
        onChange={(event) => setShowEnded(event.target.checked)}
      />
      {t('backOffice.announcementsPage.showEnded')}
    </label>
  );

  return (
    <div className="promotions-panel announcements-panel" data-testid="announcements-panel">
      {writer && (
        <p>
          <Button variant="primary" onClick={() => setCreating(true)}>
            {t('backOffice.announcementsPage.new')}
          </Button>
        </p>
      )}
      {rows.length === 0 ? (
        <>
          {toggle}
          <EmptyState
            title={
              showEnded
                ? t('backOffice.announcementsPage.emptyAll')
                : t('backOffice.announcementsPage.empty')
            }
            icon="message"
          >
            <p>{t('backOffice.announcementsPage.emptyBody')}</p>
          </EmptyState>
        </>
      ) : (
        <DataTable
          items={rows}
          columns={columns}
          rowKey={(row) => row.id}
          testId="announcement-list"
          caption={t('backOffice.tab.announcements')}
          filterText={(row) =>
            `${row.id} ${row.kind} ${row.execution ?? ''} ${row.state} ${Object.values(row.title).join(' ')} ${(row.accounts ?? []).join(' ')}`
          }
          exportName="announcements"
          toolbar={toggle}
        />
      )}
      {viewing && (
        <Viewer
          key={viewing.id}
          row={viewing}
          language={isCompleteLanguage(ownLanguage) ? ownLanguage : 'EN'}
          onClose={() => setViewing(null)}
        />
      )}
    </div>
  );
}

/** One announcement as a player of each language sees it. */
function Viewer({
  row,
  language: initial,
  onClose,
}: {
  row: OperatorAnnouncement;
  language: CompleteLanguage;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<CompleteLanguage>(initial);
  return (
    <Card title={t('backOffice.announcementsPage.viewTitle', { id: row.id })}>
      <div className="announcement-viewer" data-testid="announcement-viewer">
        <Tabs
          label={t('backOffice.announcementsPage.language')}
          items={completeLanguages.map((code) => ({
            id: code,
            label: row.title[code]
              ? `${completeLanguageNames[code]} ✓`
              : completeLanguageNames[code],
          }))}
          current={language}
          onSelect={setLanguage}
        />
        <AnnouncementPreview
          kind={row.kind}
          execution={row.execution}
          title={row.title}
          content={row.content}
          goReward={row.goReward}
          language={language}
        />
        <p>
          <Button onClick={onClose}>{t('common.close')}</Button>
        </p>
      </div>
    </Card>
  );
}
