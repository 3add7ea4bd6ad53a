import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GoodsInput, OpsGoodsRow } from '../../shared/backOfficePromotions';
import { GOODS_KINDS } from '../../shared/points';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { Card } from '../components/Card';
import { DataTable, type DataColumn } from '../components/DataTable';
import { EmptyState } from '../components/EmptyState';
import { Field, Select } from '../components/Field';
import { QueryFallback } from '../components/QueryFallback';
import { useToast } from '../components/Toast';
import { useErrorText } from '../components/forms/useErrorText';
import { errorCodeOf, errorDetailOf } from '../core/apiErrors';
import { shownValue, useQuery } from '../hooks/useQuery';
import type { PanelProps } from './panelProps';
import './promotions.css';
import { useMoneyText } from '../components/records/useMoneyText';

const WRITERS = ['marketing'];

/**
 * The points mall's goods (issue 30): what each costs in points and cash, the stock left,
 * whether it is shipped, and how many redemptions wait or were approved. Marketing adds a good,
 * changes one (the stock as the number left to redeem; physical, so members give a delivery
 * address, or virtual) or takes it off the mall; finance reads.
 */
export function GoodsPanel({ office, me }: PanelProps) {
  const { t, i18n } = useTranslation();
  const money = useMoneyText();
  const list = useQuery('back-office-goods', (signal) => office.promotions.goods(signal));
  const [editing, setEditing] = useState<OpsGoodsRow | 'new' | null>(null);
  const writer = me.roles.some((role) => WRITERS.includes(role));
  const rows = shownValue(list.state);
  const number = new Intl.NumberFormat(i18n.language);

  if (editing) {
    return (
      <GoodsForm
        office={office}
        initial={editing === 'new' ? null : editing}
        onDone={(saved) => {
          setEditing(null);
          if (saved) list.refresh();
        }}
      />
    );
  }
  if (!rows) return <QueryFallback state={list.state} onRetry={list.refresh} lines={4} />;

  const nameOf = (row: OpsGoodsRow) =>
    row.name[i18n.language.toUpperCase()] ?? row.name.EN ?? row.code;
  const columns: DataColumn<OpsGoodsRow>[] = [
    {
      id: 'code',
      label: t('backOffice.promotions.code'),
      cell: (row) => row.code,
      sortValue: (row) => row.code,
      csv: (row) => row.code,
    },
    {
      id: 'name',
      label: t('backOffice.goods.name'),
      cell: nameOf,
      sortValue: nameOf,
      csv: nameOf,
    },
    {
      id: 'points',
      label: t('backOffice.goods.points'),
      numeric: true,
      cell: (row) => number.format(row.points),
      sortValue: (row) => row.points,
      csv: (row) => String(row.points),
    },
    {
      id: 'amount',
      label: t('backOffice.goods.amount'),
      numeric: true,
      cell: (row) => money(row.amount),
      sortValue: (row) => Number(row.amount),
      csv: (row) => row.amount,
    },
    {
      id: 'quantity',
      label: t('backOffice.goods.quantity'),
      numeric: true,
      cell: (row) => number.format(row.quantity),
      sortValue: (row) => row.quantity,
      csv: (row) => String(row.quantity),
    },
    {
      id: 'kind',
      label: t('backOffice.goods.kind'),
      cell: (row) => t(`backOffice.goods.kinds.${row.kind}`),
      sortValue: (row) => row.kind,
      csv: (row) => row.kind,
    },
    {
      id: 'waiting',
      label: t('backOffice.goods.waiting'),
      numeric: true,
      cell: (row) => number.format(row.waiting),
      sortValue: (row) => row.waiting,
      csv: (row) => String(row.waiting),
    },
    {
      id: 'status',
      label: t('backOffice.goods.status'),
      cell: (row) => <Badge>{t(`backOffice.goods.statuses.${row.status}`)}</Badge>,
      sortValue: (row) => row.status,
      csv: (row) => row.status,
    },
    ...(writer
      ? [
          {
            id: 'actions',
            label: t('backOffice.promotions.actions'),
            cell: (row: OpsGoodsRow) => (
              <Button size="sm" onClick={() => setEditing(row)}>
                {t('backOffice.promotions.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="promotions-panel" data-testid="goods-panel">
      {writer && (
        <p>
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t('backOffice.goods.new')}
          </Button>
        </p>
      )}
      {rows.length === 0 ? (
        <EmptyState title={t('backOffice.goods.empty')} icon="bag">
          <p>{t('backOffice.goods.emptyBody')}</p>
        </EmptyState>
      ) : (
        <DataTable
          items={rows}
          columns={columns}
          rowKey={(row) => row.code}
          testId="goods-list"
          caption={t('backOffice.tab.goods')}
          filterText={(row) => `${row.code} ${Object.values(row.name).join(' ')}`}
          exportName="goods"
        />
      )}
    </div>
  );
}

function GoodsForm({
  office,
  initial,
  onDone,
}: {
  office: PanelProps['office'];
  initial: OpsGoodsRow | null;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const [code, setCode] = useState(initial?.code ?? '');
  const [name, setName] = useState(initial?.name.EN ?? '');
  const [image, setImage] = useState(initial?.image ?? '');
  const [points, setPoints] = useState(initial ? String(initial.points) : '');
  const [amount, setAmount] = useState(initial?.amount ?? '0.00');
  const [quantity, setQuantity] = useState(initial ? String(initial.quantity) : '');
  const [status, setStatus] = useState<GoodsInput['status']>(initial?.status ?? 'active');
  const [kind, setKind] = useState<GoodsInput['kind']>(initial?.kind ?? 'virtual');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const kindHintId = useId();

  const save = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    office.promotions
      .saveGoods({
        code: code.trim().toUpperCase(),
        // Other languages' names are kept as they were; the form edits the English one.
        name: { ...initial?.name, EN: name.trim() },
        image: image.trim() || null,
        points: Number(points),
        amount: amount.trim(),
        quantity: Number(quantity),
        status,
        kind,
      })
      .then(
        (saved) => {
          setBusy(false);
          toast(t('backOffice.goods.saved', { code: saved.code }), { tone: 'success' });
          onDone(true);
        },
        (error: unknown) => {
          setBusy(false);
          const failure = errorCodeOf(error);
          setProblem(
            (failure === 'invalid_request' ? errorDetailOf(error) : null) ??
              errorText(failure) ??
              t('errors.unknown'),
          );
        },
      );
  };

  return (
    <form className="promotion-editor" data-testid="goods-editor" onSubmit={save} noValidate>
      <Card
        title={
          initial
            ? t('backOffice.promotions.editTitle', { code: initial.code })
            : t('backOffice.goods.new')
        }
      >
        <div className="promotion-grid">
          <Field
            label={t('backOffice.promotions.code')}
            name="code"
            value={code}
            readOnly={initial !== null}
            hint={t('backOffice.promotions.codeHint')}
            onChange={(event) => setCode(event.target.value)}
          />
          <Field
            label={t('backOffice.goods.name')}
            name="name"
            value={name}
            maxLength={80}
            onChange={(event) => setName(event.target.value)}
          />
          <Field
            label={t('backOffice.goods.points')}
            name="points"
            inputMode="numeric"
            value={points}
            onChange={(event) => setPoints(event.target.value)}
          />
          <Field
            label={t('backOffice.goods.amount')}
            name="amount"
            inputMode="decimal"
            hint={t('backOffice.goods.amountHint')}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
          <Field
            label={t('backOffice.goods.quantity')}
            name="quantity"
            inputMode="numeric"
            hint={t('backOffice.goods.quantityHint')}
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
          />
          <Select
            label={t('backOffice.goods.status')}
            name="status"
            value={status}
            options={(['active', 'inactive'] as const).map((value) => ({
              value,
              label: t(`backOffice.goods.statuses.${value}`),
            }))}
            onChange={(event) => setStatus(event.target.value as GoodsInput['status'])}
          />
          <div>
            <Select
              label={t('backOffice.goods.kind')}
              name="kind"
              value={kind}
              aria-describedby={kindHintId}
              options={GOODS_KINDS.map((value) => ({
                value,
                label: t(`backOffice.goods.kinds.${value}`),
              }))}
              onChange={(event) => setKind(event.target.value as GoodsInput['kind'])}
            />
            <p id={kindHintId} className="field-hint">
              {t('backOffice.goods.kindHint')}
            </p>
          </div>
          <Field
            label={t('backOffice.goods.image')}
            name="image"
            value={image}
            hint={t('backOffice.promotions.bannerHint')}
            onChange={(event) => setImage(event.target.value)}
          />
        </div>
      </Card>
      {problem && (
        <p className="form-error" role="alert" data-testid="goods-problem">
          {problem}
        </p>
      )}
      <div className="promotion-buttons">
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? t('common.loading') : t('backOffice.promotions.save')}
        </Button>
        <Button onClick={() => onDone(false)} disabled={busy}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
