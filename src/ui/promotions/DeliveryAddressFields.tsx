import { useTranslation } from 'react-i18next';
import {
  DELIVERY_MAX,
  type DeliveryAddress,
  type DeliveryField,
} from '../../shared/deliveryAddress';
import { Field, Select } from '../components/Field';
import { countryNamer } from '../components/forms/countryName';

/** What the browser may fill each part with (the shipping section of its saved addresses). */
const AUTOCOMPLETE: Record<DeliveryField, string> = {
  recipient: 'shipping name',
  phone: 'shipping tel',
  line1: 'shipping address-line1',
  line2: 'shipping address-line2',
  city: 'shipping address-level2',
  postcode: 'shipping postal-code',
  country: 'shipping country',
};

/**
 * The delivery address of a physical good, in the redeem dialog: one input per part, stacked on
 * a phone (postcode and city side by side from 480 px), each with its refusal under it. The
 * inputs' names are the parts' (errorFields.ts places the server's refusals by them), and each
 * is bounded as the server bounds it. `prefilled` says the values come from the last delivery.
 */
export function DeliveryAddressFields({
  value,
  countries,
  errors,
  prefilled,
  onChange,
}: {
  value: DeliveryAddress;
  countries: readonly string[];
  errors: Partial<Record<DeliveryField, string | null>>;
  prefilled: boolean;
  onChange: (field: DeliveryField, value: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const countryName = countryNamer(i18n.language);
  const input = (
    field: Exclude<DeliveryField, 'country'>,
    extra: { type?: 'tel'; inputMode?: 'tel' } = {},
  ) => (
    <Field
      label={t(`points.delivery.${field}`)}
      name={field}
      value={value[field]}
      maxLength={DELIVERY_MAX[field]}
      autoComplete={AUTOCOMPLETE[field]}
      error={errors[field] ?? undefined}
      onChange={(event) => onChange(field, event.target.value)}
      {...extra}
    />
  );
  return (
    <fieldset className="delivery-fields" data-testid="delivery-fields">
      <legend>{t('points.delivery.title')}</legend>
      <p className="reward-note">
        {prefilled ? t('points.delivery.prefilled') : t('points.delivery.intro')}
      </p>
      {input('recipient')}
      {input('phone', { type: 'tel', inputMode: 'tel' })}
      {input('line1')}
      {input('line2')}
      <div className="delivery-row">
        {input('postcode')}
        {input('city')}
      </div>
      <Select
        label={t('points.delivery.country')}
        name="country"
        value={value.country}
        autoComplete={AUTOCOMPLETE.country}
        error={errors.country ?? undefined}
        options={countries.map((code) => ({ value: code, label: countryName(code) }))}
        onChange={(event) => onChange('country', event.target.value)}
      />
    </fieldset>
  );
}
