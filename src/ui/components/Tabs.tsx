import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { scrollIntoStrip } from './scrollIntoStrip';

export interface TabItem<Id extends string> {
  id: Id;
  label: ReactNode;
}

/**
 * A row of tabs (WAI-ARIA tabs pattern): one tab stop, arrow keys (and Home/End) move between
 * tabs and select them. Hidden when there is a single tab. `panelId` names the panel the tabs
 * control, when the caller renders one.
 */
export function Tabs<Id extends string>({
  label,
  items,
  current,
  onSelect,
  panelId,
}: {
  label: string;
  items: readonly TabItem<Id>[];
  current: Id;
  onSelect: (id: Id) => void;
  panelId?: string;
}) {
  const list = useRef<HTMLDivElement>(null);
  // A row wider than its room scrolls sideways: the current tab is brought into view, also when
  // the page opens on a tab far along the row (a link to /backoffice/audit on a phone).
  useEffect(() => {
    scrollIntoStrip(list.current, list.current?.querySelector('[aria-selected="true"]') ?? null);
  }, [current]);
  if (items.length < 2) return null;
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.id === current);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step =
      event.key === (rtl ? 'ArrowLeft' : 'ArrowRight')
        ? 1
        : event.key === (rtl ? 'ArrowRight' : 'ArrowLeft')
          ? -1
          : 0;
    let next: number;
    if (step) next = (index + step + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else return;
    event.preventDefault();
    onSelect(items[next]!.id);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={label} ref={list} onKeyDown={move}>
      {items.map((item) => (
        <button
          key={item.id}
          type="button"
          role="tab"
          aria-selected={current === item.id}
          aria-controls={panelId}
          tabIndex={current === item.id ? 0 : -1}
          className="tab"
          onClick={() => onSelect(item.id)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
