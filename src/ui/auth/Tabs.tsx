import { useTranslation } from 'react-i18next';

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
  if (tabs.length < 2) return null;
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {tabs.map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          aria-selected={current === name}
          className="tab"
          onClick={() => onSelect(name)}
        >
          {t(labels[name] ?? name)}
        </button>
      ))}
    </div>
  );
}
