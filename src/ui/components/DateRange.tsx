import { useTranslation } from 'react-i18next';

/** A range of local days as the records and reports filters hold it (yyyy-MM-dd). */
export interface DayRange {
  fromDay: string;
  toDay: string;
}

/** The range a filter form submitted (its DateRangeFields). */
export function readDayRange(data: FormData): DayRange {
  return {
    fromDay: String(data.get('fromDay') ?? ''),
    toDay: String(data.get('toDay') ?? ''),
  };
}

/** The "from" and "to" days of a records or reports filter form. */
export function DateRangeFields({ range }: { range: DayRange }) {
  const { t } = useTranslation();
  return (
    <>
      <label>
        {t('records.from')}
        <input type="date" name="fromDay" defaultValue={range.fromDay} required />
      </label>
      <label>
        {t('records.to')}
        <input type="date" name="toDay" defaultValue={range.toDay} required />
      </label>
    </>
  );
}

/** Said under the form when the range is not one the server accepts (order, 92 days). */
export function DateRangeError() {
  const { t } = useTranslation();
  return (
    <p role="alert" className="field-error">
      {t('errors.date_range_invalid')}
    </p>
  );
}
