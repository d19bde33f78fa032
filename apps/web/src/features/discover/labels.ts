import type { TFunction } from 'i18next';

/** A detected class in the reader's language; a class the locale files do not name yet reads as its key. */
export function thingName(t: TFunction, tag: string): string {
  return t(`discover:things.${tag}` as 'discover:title', {
    defaultValue: tag.replace(/_/g, ' '),
  });
}

/** A person's name, or the "unnamed" wording for screen readers and titles. */
export function personName(t: TFunction, label: string | null | undefined): string {
  return label?.trim() || t('discover:unnamed');
}
