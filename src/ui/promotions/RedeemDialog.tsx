import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  checkDeliveryAddress,
  DELIVERY_FIELDS,
  type DeliveryAddress,
  type DeliveryDefaults,
  type DeliveryField,
  emptyDeliveryAddress,
  normalizeDeliveryAddress,
} from '../../shared/deliveryAddress';
import { formatMoney, parseMoney } from '../../shared/money';
import type { GoodsView } from '../../shared/points';
import { Button } from '../components/Button';
import { Field } from '../components/Field';
import { Modal } from '../components/Modal';
import { QueryFallback } from '../components/QueryFallback';
import { useToast } from '../components/Toast';
import { placeError } from '../components/forms/errorFields';
import { useErrorText } from '../components/forms/useErrorText';
import { useActionRequest } from '../hooks/useActionRequest';
import { useQuery } from '../hooks/useQuery';
import { promotionsFeature } from '../../app/features/promotions';
import { useFeature } from '../core/useFeature';
import { DeliveryAddressFields } from './DeliveryAddressFields';

type FormField = DeliveryField | 'paymentPassword';
const FORM_FIELDS: readonly FormField[] = [...DELIVERY_FIELDS, 'paymentPassword'];

/**
 * Redeeming one good with the payment password. A physical good asks first where it is shipped:
 * the form is filled with the member's last delivery address (or left empty in the first
 * country delivered to), checked with the server's own rules on submit, and each refusal shows
 * under its input.
 */
export function RedeemDialog({
  goods,
  onClose,
  onDone,
  onRefused,
}: {
  goods: GoodsView;
  onClose: () => void;
  onDone: () => void;
  /** A refusal that says the list is out of date (sold out, off the mall, now shipped). */
  onRefused: (code: string) => void;
}) {
  const { t } = useTranslation();
  const props = { goods, onDone, onRefused };
  return (
    <Modal
      name="redeem"
      title={t('points.redeemTitle', { name: goods.name })}
      open
      onClose={onClose}
    >
      {goods.kind === 'physical' ? (
        <ShippedRedeem {...props} />
      ) : (
        <RedeemForm {...props} defaults={null} />
      )}
    </Modal>
  );
}

type FormProps = {
  goods: GoodsView;
  onDone: () => void;
  onRefused: (code: string) => void;
};

/** The countries delivered to and the last address come first; then the form. */
function ShippedRedeem(props: FormProps) {
  const promotionsModule = useFeature(promotionsFeature);
  const defaults = useQuery('points:delivery', (signal) =>
    promotionsModule.points.delivery(signal),
  );
  if (defaults.state.kind !== 'ready') {
    return <QueryFallback state={defaults.state} onRetry={defaults.refresh} lines={7} />;
  }
  return <RedeemForm {...props} defaults={defaults.state.value} />;
}

/** The last address when it can still be shipped to, else an empty one. */
function firstAddress(defaults: DeliveryDefaults): DeliveryAddress {
  const [first = ''] = defaults.countries;
  const last = defaults.last;
  if (!last) return emptyDeliveryAddress(first);
  return defaults.countries.includes(last.country) ? last : { ...last, country: first };
}

function RedeemForm({
  goods,
  defaults,
  onDone,
  onRefused,
}: FormProps & { defaults: DeliveryDefaults | null }) {
  const promotionsModule = useFeature(promotionsFeature);
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const errorText = useErrorText();
  const form = useRef<HTMLFormElement>(null);
  const [address, setAddress] = useState(() => (defaults ? firstAddress(defaults) : null));
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FormField, string | null>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // After a refusal, the first input it names takes the focus (and the screen reader to it).
  const [focusFirst, setFocusFirst] = useState(0);
  useEffect(() => {
    if (focusFirst === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusFirst]);

  // One redemption at a time; a retry of the same password and address after a lost answer is
  // the same request (its key), anything else a new one.
  const request = useActionRequest(
    (target, payload, idempotencyKey) => {
      const { password: paymentPassword, delivery } = payload as {
        password: string;
        delivery: DeliveryAddress | null;
      };
      return promotionsModule.points.redeem({
        goodsId: target,
        paymentPassword,
        idempotencyKey,
        ...(delivery ? { delivery } : {}),
      });
    },
    {
      onDone: () => {
        toast(t('points.redeemed', { name: goods.name }), { tone: 'success' });
        onDone();
      },
      onError: (code) => {
        const placed = placeError(code, FORM_FIELDS);
        if (placed?.field) {
          setErrors({ [placed.field]: errorText(code) });
          setFocusFirst((n) => n + 1);
        } else setFormError(errorText(code));
        onRefused(code);
      },
    },
  );
  const busy = request.state.kind === 'sending';

  const change = (field: FormField, value: string) => {
    if (field === 'paymentPassword') setPassword(value);
    else setAddress((current) => (current ? { ...current, [field]: value } : current));
    setErrors((current) => ({ ...current, [field]: null }));
    setFormError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<FormField, string | null>> = {};
    if (address && defaults) {
      for (const problem of checkDeliveryAddress(address, defaults.countries)) {
        found[problem.field] = errorText(problem.code);
      }
    }
    if (!password) found.paymentPassword = errorText('payment_password_format');
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setFocusFirst((n) => n + 1);
      return;
    }
    request.act(goods.id, {
      password,
      delivery: address ? normalizeDeliveryAddress(address) : null,
    });
  };

  return (
    <form ref={form} className="point-convert" onSubmit={submit} noValidate>
      <p>
        {t('points.cost', { points: goods.points.toLocaleString(i18n.language) })}
        {parseMoney(goods.amount) > 0n &&
          ` + ${formatMoney(parseMoney(goods.amount), i18n.language)}`}
      </p>
      {address && defaults && (
        <DeliveryAddressFields
          value={address}
          countries={defaults.countries}
          errors={errors}
          prefilled={defaults.last !== null}
          onChange={change}
        />
      )}
      <Field
        label={t('withdraw.paymentPassword')}
        name="paymentPassword"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        value={password}
        onChange={(event) => change('paymentPassword', event.target.value)}
        error={errors.paymentPassword ?? undefined}
      />
      {formError && (
        <p className="form-error" role="alert" data-testid="redeem-error">
          {formError}
        </p>
      )}
      <Button type="submit" variant="primary" block busy={busy} data-testid="redeem-submit">
        {t('points.redeemConfirm')}
      </Button>
    </form>
  );
}
