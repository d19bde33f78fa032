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

/** A place card's second line: the country (in the reader's language), or how many photos where there is none (the sea). */
export function placeMeta(t: TFunction, place: { country: string | null; photoCount: number }): string {
  return place.country ?? t('discover:photo_count', { count: place.photoCount });
}
