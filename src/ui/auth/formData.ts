import type { FormEvent } from 'react';

/** The text fields of a submitted form, trimmed (passwords are left exactly as typed). */
export function readForm(event: FormEvent<HTMLFormElement>): Record<string, string> {
  event.preventDefault();
  const fields: Record<string, string> = {};
  for (const [name, value] of new FormData(event.currentTarget)) {
    if (typeof value !== 'string') continue;
    fields[name] = /password/i.test(name) ? value : value.trim();
  }
  return fields;
}
