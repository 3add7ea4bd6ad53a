import { useTranslation } from 'react-i18next';
import { Tabs as TabRow } from '../components/Tabs';

const labels: Record<string, string> = {
  username: 'auth.tabUsername',
  mobile: 'auth.tabMobile',
  email: 'auth.tabEmail',
};

/** The tab row of the auth popups (username / mobile / e-mail); hidden with a single tab. */
export function Tabs<Tab extends string>({
  label,
  tabs,
  current,
  onSelect,
}: {
  label: string;
  tabs: readonly Tab[];
  current: Tab;
  onSelect: (tab: Tab) => void;
}) {
  const { t } = useTranslation();
  return (
    <TabRow
      label={label}
      items={tabs.map((id) => ({ id, label: t(labels[id] ?? id) }))}
      current={current}
      onSelect={onSelect}
    />
  );
}
